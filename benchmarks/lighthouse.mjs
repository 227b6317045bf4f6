// One Lighthouse run of one page, for benchmarks/lighthouse.py: Lighthouse's own mobile
// defaults (slow 4G, a 4x slower CPU), in the Chromium at CHROME_PATH. The cookies are set in
// the browser before the run, as a phone holds them: every request of the page carries them,
// the service worker's included. Prints one JSON object: the four scores and the blocking time.
//
//   node lighthouse.mjs URL '[{"name": "sessionid", "value": "..."}]'
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const [url, cookies = '[]'] = process.argv.slice(2);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  for (const cookie of JSON.parse(cookies)) await page.setCookie({ ...cookie, url });
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
    undefined,
    page,
  );
  const { categories: scores, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
  const out = Object.fromEntries(categories.map((name) => [name, Math.round(scores[name].score * 100)]));
  out.tbt = audits['total-blocking-time'].numericValue;
  process.stdout.write(JSON.stringify(out) + '\n');
  await browser.disconnect();
} finally {
  await chrome.kill();
}
