// The browser every journey uses: Debian's Chromium with flags that keep it
// quiet and offline, at a phone and a desktop width.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 renders its omnibox popup as a web page, preloaded in a renderer process of its
  // own for every window (every context here): about a second of CPU per context, for a popup a
  // headless browser never shows.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export type Viewport = keyof typeof VIEWPORTS;
