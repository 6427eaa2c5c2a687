/**
 * The web's sign-out of the provider, reached from the session's logout through a dynamic import.
 * It imports nothing statically, so the first page carries only a reference to this small chunk;
 * the sign-in code and the Firebase SDK load from here, and only when they are needed.
 */
export async function signOutOfProvider(): Promise<void> {
  const { webFederatedSignIn } = await import('./web-sign-in.ts');
  await webFederatedSignIn.signOut();
}
