// Bearer-token authentication lives in the auth module (modules/auth/auth.module.ts). This file only
// keeps the old import path working for the modules that still use it; it goes once they import
// Caller, callerOf and createRequireUser from the auth module.
export { callerOf, createRequireUser, type Caller } from '../modules/auth/auth.module.ts';
