// The browser every journey uses: Debian's Chromium with flags that keep it
// quiet and offline, at a phone and a desktop width.
import { createRequire } from 'node:module';

// Chromium 156 renders its omnibox popup as a web page, preloaded in a renderer process of its own
// for every window (every context here): about 1.6 s of CPU per context, for a popup a headless
// browser never shows.
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];
// Chromium reads only the last --disable-features, and Playwright passes its own list first: ours
// must repeat it. This is Playwright 1.65.1's (chromiumSwitches.ts): another version stops here
// until the list is checked against its own.
const PLAYWRIGHT_VERSION = (createRequire(import.meta.url)('playwright-core/package.json') as { version: string }).version;
if (PLAYWRIGHT_VERSION !== '1.65.1') {
  throw new Error(`Playwright ${PLAYWRIGHT_VERSION}: compare PLAYWRIGHTS_DISABLED_FEATURES with its chromiumSwitches.ts, then update the version here`);
}
const PLAYWRIGHTS_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHTS_DISABLED_FEATURES, ...OMNIBOX_POPUP].join(',')}`,
];

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export type Viewport = keyof typeof VIEWPORTS;
