/**
 * Debian's Chromium for the benchmarks, launched as the browser tests launch it (chromium.json), and a browser
 * profile signed in as a demo account the way the app's own sign-in leaves it.
 */
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const chromiumSettings = createRequire(import.meta.url)('./chromium.json');

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || chromiumSettings.executablePath,
    args: chromiumSettings.args,
  });

/** A fresh profile at 1440 × 900; with a login answer, signed in (what src/models/login.ts stores after 自动登录). */
export async function desktopContext(browser, session) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (session) {
    await context.addInitScript(
      ({ token, authority }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('authority', JSON.stringify(authority));
        localStorage.setItem('autoLogin', 'true');
        sessionStorage.setItem('signedIn', '1');
      },
      { token: session.token, authority: session.currentAuthority },
    );
  }
  return context;
}
