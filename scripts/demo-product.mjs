// What the scripts that drive a running product with the demo accounts share (screenshots, bench:phone).

/** Resolves once the product at `base` answers (up to `seconds`, 150 by default: the first start seeds the demo). */
export async function waitForProduct(base, seconds = 150) {
  for (let i = 0; i < seconds * 4; i += 1) {
    try {
      if ((await fetch(`${base}/v4/openapi.json`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the product did not start');
}

/** Signs a demo account in (password holeout-demo): the login answer, { uid, token }. */
export async function demoLogin(base, email) {
  const res = await fetch(`${base}/v4/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'holeout-demo' }),
  });
  if (!res.ok) throw new Error(`logging ${email} in answered ${res.status}`);
  return res.json();
}
