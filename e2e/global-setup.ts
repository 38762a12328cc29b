/**
 * The server under test seeds its demo history in the background after it starts listening. Pages
 * show whatever has landed, but the tests assert on full trends, so they start once /readyz says the
 * seed is complete.
 */
export default async function waitForDemoData(): Promise<void> {
  const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`;
  const deadline = Date.now() + 240_000;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/readyz`);
      const body = (await res.json()) as { data?: { demoSeed?: string } };
      last = body.data?.demoSeed ?? `HTTP ${res.status}`;
      if (res.ok && last !== 'running') return;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`demo data still not ready after 240 s (last: ${last})`);
}
