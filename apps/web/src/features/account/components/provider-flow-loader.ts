/**
 * Loads the provider flow (provider-flow.tsx). It imports nothing statically, so the first page
 * (Login) carries only a reference to this small chunk rather than the list of every chunk the flow
 * needs, which the browser would otherwise be told up front.
 */
export const loadProviderFlow = () => import('./provider-flow.tsx');
