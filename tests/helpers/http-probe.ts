// One HTTP request, printed as JSON: run inside a network namespace (`ip netns exec <phone> bun http-probe.ts ...`)
// to see what a phone there gets. Redirects are not followed: the test looks at them.
//   bun tests/helpers/http-probe.ts <url> [GET|POST] [form body]
export {};
const [url, method = 'GET', form] = process.argv.slice(2);
if (!url) {
  console.error('usage: bun http-probe.ts <url> [method] [form body]');
  process.exit(2);
}
try {
  const res = await fetch(url, {
    method,
    redirect: 'manual',
    body: form,
    headers: form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
    signal: AbortSignal.timeout(10_000),
  });
  const body = await res.text();
  console.log(
    JSON.stringify({ status: res.status, location: res.headers.get('location'), contentType: res.headers.get('content-type'), body }),
  );
} catch (err) {
  console.log(JSON.stringify({ error: (err as Error).message }));
}
