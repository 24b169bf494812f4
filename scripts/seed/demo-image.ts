/**
 * Renders a flat "food photography from above" illustration for a demo recipe:
 * a textured table (wood or linen), a plate with soft shadow, food shapes in the
 * recipe's colours, plus napkin, cutlery and a few crumbs. Fully deterministic
 * for a given colour set and seed. No text is drawn.
 */
import sharp from 'sharp';
import type { DemoRecipe } from './demo-recipes.ts';

type DemoImage = DemoRecipe['image'];
type Rng = () => number;
type Point = { x: number; y: number };

const WIDTH = 1600;
const HEIGHT = 1067;

// ------------------------------------------------------------------ helpers

/** Small, fast, seedable PRNG (mulberry32). */
function createRng(seed: number): Rng {
  let a = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const range = (rng: Rng, min: number, max: number): number => min + (max - min) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const n = (value: number): string => (Math.round(value * 10) / 10).toString();

function parseHex(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) {
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  }
  const value = Number.parseInt(h.slice(0, 6), 16);
  if (!/^[0-9a-f]{6}/i.test(h) || Number.isNaN(value)) return [128, 128, 128];
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
const darken = (c: string, t: number): string => mix(c, '#000000', t);

function luminance(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function isGreenish(c: string): boolean {
  const [r, g, b] = parseHex(c);
  return g > r * 1.05 && g > b * 1.15;
}

/** Closed, smooth path through the points (Catmull-Rom converted to cubic Béziers). */
function smoothClosedPath(points: Point[]): string {
  const count = points.length;
  const at = (i: number): Point => points[((i % count) + count) % count] as Point;
  let d = `M${n(at(0).x)} ${n(at(0).y)}`;
  for (let i = 0; i < count; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`;
  }
  return `${d}Z`;
}

function blobPath(rng: Rng, cx: number, cy: number, rx: number, ry: number, jitter: number, points = 12): string {
  const offset = rng() * Math.PI * 2;
  const pts: Point[] = [];
  for (let i = 0; i < points; i++) {
    const a = offset + (i / points) * Math.PI * 2;
    const k = 1 + range(rng, -jitter, jitter);
    pts.push({ x: cx + Math.cos(a) * rx * k, y: cy + Math.sin(a) * ry * k });
  }
  return smoothClosedPath(pts);
}

function starPath(r: number, spikes = 5, inner = 0.5): string {
  let d = '';
  for (let i = 0; i < spikes * 2; i++) {
    const radius = i % 2 === 0 ? r : r * inner;
    const a = -Math.PI / 2 + (i * Math.PI) / spikes;
    d += `${i === 0 ? 'M' : 'L'}${n(Math.cos(a) * radius)} ${n(Math.sin(a) * radius)}`;
  }
  return `${d}Z`;
}

function heartPath(r: number): string {
  const s = r / 50;
  return `M0 ${n(40 * s)}C${n(-60 * s)} ${n(-5 * s)} ${n(-40 * s)} ${n(-55 * s)} 0 ${n(-25 * s)}C${n(40 * s)} ${n(-55 * s)} ${n(60 * s)} ${n(-5 * s)} 0 ${n(40 * s)}Z`;
}

function leafPath(length: number, width: number): string {
  const l = length;
  const w = width / 2;
  return `M0 0C${n(l * 0.25)} ${n(-w * 1.3)} ${n(l * 0.7)} ${n(-w * 1.1)} ${n(l)} 0C${n(l * 0.7)} ${n(w * 1.1)} ${n(l * 0.25)} ${n(w * 1.3)} 0 0Z`;
}

// ----------------------------------------------------------- svg builder

class Defs {
  private items: string[] = [];
  private gradients = new Map<string, string>();
  private counter = 0;

  add(markup: string): void {
    this.items.push(markup);
  }

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  /** Radial gradient lit from the upper left, in objectBoundingBox units (reusable per colour). */
  shade(color: string, strength = 1): string {
    const key = `shade:${color}:${strength}`;
    const existing = this.gradients.get(key);
    if (existing) return existing;
    const id = this.id('sh');
    this.add(
      `<radialGradient id="${id}" cx="0.42" cy="0.4" r="0.7" fx="0.32" fy="0.28">` +
        `<stop offset="0" stop-color="${lighten(color, 0.28 * strength)}"/>` +
        `<stop offset="0.55" stop-color="${color}"/>` +
        `<stop offset="1" stop-color="${darken(color, 0.22 * strength)}"/>` +
        `</radialGradient>`,
    );
    this.gradients.set(key, id);
    return id;
  }

  toString(): string {
    return `<defs>${this.items.join('')}</defs>`;
  }
}

function blurFilter(defs: Defs, std: number): string {
  const id = defs.id('blur');
  defs.add(
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
  );
  return id;
}

function dropShadowFilter(defs: Defs, dx: number, dy: number, std: number, opacity: number): string {
  const id = defs.id('ds');
  defs.add(
    `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%">` +
      `<feGaussianBlur in="SourceAlpha" stdDeviation="${std}"/>` +
      `<feOffset dx="${dx}" dy="${dy}" result="o"/>` +
      `<feFlood flood-color="#1b120c" flood-opacity="${opacity}"/>` +
      `<feComposite in2="o" operator="in" result="s"/>` +
      `<feMerge><feMergeNode in="s"/><feMergeNode in="SourceGraphic"/></feMerge>` +
      `</filter>`,
  );
  return id;
}

// -------------------------------------------------------------- background

function woodBackground(defs: Defs, rng: Rng, seed: number, base: string): string {
  const vertical = rng() < 0.35;
  const planks = vertical ? Math.round(range(rng, 6, 8)) : Math.round(range(rng, 4, 6));
  const span = vertical ? WIDTH : HEIGHT;
  const size = span / planks;
  const dark = luminance(base) < 0.3;

  const grain = defs.id('grain');
  const freq = vertical ? '0.09 0.0022' : '0.0022 0.09';
  defs.add(
    `<filter id="${grain}" x="0" y="0" width="100%" height="100%">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="4" seed="${seed % 997}"/>` +
      `<feColorMatrix type="matrix" values="0 0 0 0 0.08  0 0 0 0 0.05  0 0 0 0 0.03  0 0 0 -2.4 1.35"/>` +
      `</filter>`,
  );
  const sheen = defs.id('sheen');
  defs.add(
    `<filter id="${sheen}" x="0" y="0" width="100%" height="100%">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${vertical ? '0.02 0.0015' : '0.0015 0.02'}" numOctaves="2" seed="${(seed * 7 + 3) % 997}"/>` +
      `<feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 0.96  0 0 0 0 0.9  0 0 0 2.2 -1.05"/>` +
      `</filter>`,
  );

  let out = `<rect width="${WIDTH}" height="${HEIGHT}" fill="${base}"/>`;
  // Individual plank tones.
  for (let i = 0; i < planks; i++) {
    const t = range(rng, -0.09, 0.09);
    const tone = t < 0 ? darken(base, -t) : lighten(base, t);
    const offset = i * size;
    out += vertical
      ? `<rect x="${n(offset)}" y="0" width="${n(size)}" height="${HEIGHT}" fill="${tone}"/>`
      : `<rect x="0" y="${n(offset)}" width="${WIDTH}" height="${n(size)}" fill="${tone}"/>`;
  }
  out += `<rect width="${WIDTH}" height="${HEIGHT}" filter="url(#${grain})" opacity="${dark ? 0.55 : 0.42}"/>`;
  out += `<rect width="${WIDTH}" height="${HEIGHT}" filter="url(#${sheen})" opacity="${dark ? 0.1 : 0.16}"/>`;

  // A few knots.
  const knots = Math.round(range(rng, 1, 3));
  for (let k = 0; k < knots; k++) {
    const x = range(rng, 40, WIDTH - 40);
    const y = range(rng, 40, HEIGHT - 40);
    const rx = vertical ? range(rng, 7, 12) : range(rng, 18, 34);
    const ry = vertical ? range(rng, 18, 34) : range(rng, 7, 12);
    out +=
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx * 1.8)}" ry="${n(ry * 1.8)}" fill="none" stroke="${darken(base, 0.35)}" stroke-width="2" opacity="0.25"/>` +
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${darken(base, 0.4)}" opacity="0.45"/>`;
  }

  // Seams between planks: dark gap with a thin highlight edge.
  for (let i = 1; i < planks; i++) {
    const p = n(i * size);
    out += vertical
      ? `<rect x="${p}" y="0" width="4" height="${HEIGHT}" fill="${darken(base, 0.55)}" opacity="0.75"/>` +
        `<rect x="${n(i * size + 4)}" y="0" width="1.5" height="${HEIGHT}" fill="#fff" opacity="0.12"/>`
      : `<rect x="0" y="${p}" width="${WIDTH}" height="4" fill="${darken(base, 0.55)}" opacity="0.75"/>` +
        `<rect x="0" y="${n(i * size + 4)}" width="${WIDTH}" height="1.5" fill="#fff" opacity="0.12"/>`;
  }
  return out;
}

function linenBackground(defs: Defs, seed: number, base: string): string {
  const weave = defs.id('weave');
  defs.add(
    `<pattern id="${weave}" width="6" height="6" patternUnits="userSpaceOnUse">` +
      `<rect width="6" height="3" fill="#ffffff" opacity="0.07"/>` +
      `<rect width="3" height="6" fill="#000000" opacity="0.06"/>` +
      `</pattern>`,
  );
  const fibre = defs.id('fibre');
  defs.add(
    `<filter id="${fibre}" x="0" y="0" width="100%" height="100%">` +
      `<feTurbulence type="fractalNoise" baseFrequency="0.9 0.05" numOctaves="2" seed="${seed % 997}" result="a"/>` +
      `<feTurbulence type="fractalNoise" baseFrequency="0.05 0.9" numOctaves="2" seed="${(seed + 11) % 997}" result="b"/>` +
      `<feBlend in="a" in2="b" mode="multiply"/>` +
      `<feColorMatrix type="matrix" values="0 0 0 0 0.1  0 0 0 0 0.08  0 0 0 0 0.06  0 0 0 -2 1.15"/>` +
      `</filter>`,
  );
  const folds = defs.id('folds');
  defs.add(
    `<filter id="${folds}" x="0" y="0" width="100%" height="100%">` +
      `<feTurbulence type="fractalNoise" baseFrequency="0.0025 0.004" numOctaves="2" seed="${(seed * 3 + 5) % 997}"/>` +
      `<feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  -1.6 0 0 0 0.95"/>` +
      `</filter>`,
  );
  let out = `<rect width="${WIDTH}" height="${HEIGHT}" fill="${base}"/>`;
  out += `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${weave})"/>`;
  out += `<rect width="${WIDTH}" height="${HEIGHT}" filter="url(#${fibre})" opacity="0.35"/>`;
  out += `<rect width="${WIDTH}" height="${HEIGHT}" filter="url(#${folds})" opacity="0.18"/>`;
  return out;
}

// ----------------------------------------------------------------- props

function napkin(defs: Defs, rng: Rng, cx: number, cy: number, angle: number, accent: string): string {
  const w = 440;
  const h = 640;
  const cloth = '#f3efe7';
  const stripes = defs.id('stripes');
  defs.add(
    `<pattern id="${stripes}" width="${w}" height="40" patternUnits="userSpaceOnUse" x="${n(cx - w / 2)}">` +
      `<rect x="34" width="10" height="40" fill="${accent}"/>` +
      `<rect x="52" width="4" height="40" fill="${accent}"/>` +
      `<rect x="${w - 56}" width="4" height="40" fill="${accent}"/>` +
      `<rect x="${w - 44}" width="10" height="40" fill="${accent}"/>` +
      `</pattern>`,
  );
  const weave = defs.id('nweave');
  defs.add(
    `<pattern id="${weave}" width="4" height="4" patternUnits="userSpaceOnUse">` +
      `<rect width="4" height="2" fill="#000" opacity="0.035"/><rect width="2" height="4" fill="#fff" opacity="0.06"/>` +
      `</pattern>`,
  );
  const fold = defs.id('fold');
  defs.add(
    `<linearGradient id="${fold}" x1="0" y1="0" x2="1" y2="0">` +
      `<stop offset="0" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="0.48" stop-color="#000" stop-opacity="0.06"/>` +
      `<stop offset="0.5" stop-color="#000" stop-opacity="0.12"/>` +
      `<stop offset="0.52" stop-color="#fff" stop-opacity="0.15"/>` +
      `<stop offset="1" stop-color="#fff" stop-opacity="0"/>` +
      `</linearGradient>`,
  );
  const shadow = blurFilter(defs, 14);
  const x = cx - w / 2;
  const y = cy - h / 2;
  const wobble = n(range(rng, -4, 4));
  const shape = `M${n(x)} ${n(y)}L${n(x + w)} ${n(y + 3)}L${n(x + w - 2)} ${n(y + h)}Q${n(x + w / 2)} ${n(y + h + Number(wobble))} ${n(x + 2)} ${n(y + h - 2)}Z`;
  return (
    `<g transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})">` +
    `<path d="${shape}" transform="translate(10 16)" fill="#000" opacity="0.32" filter="url(#${shadow})"/>` +
    `<path d="${shape}" fill="${cloth}"/>` +
    `<path d="${shape}" fill="url(#${stripes})" opacity="0.85"/>` +
    `<path d="${shape}" fill="url(#${weave})"/>` +
    `<path d="${shape}" fill="url(#${fold})"/>` +
    `<path d="${shape}" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>` +
    `</g>`
  );
}

function cutlery(defs: Defs, cx: number, cy: number, angle: number): string {
  const metal = defs.id('metal');
  defs.add(
    `<linearGradient id="${metal}" x1="0" y1="0" x2="1" y2="0">` +
      `<stop offset="0" stop-color="#7d848c"/><stop offset="0.35" stop-color="#f4f6f8"/>` +
      `<stop offset="0.6" stop-color="#c3c8ce"/><stop offset="1" stop-color="#8a9199"/>` +
      `</linearGradient>`,
  );
  const shadow = blurFilter(defs, 6);
  const fork =
    `M-34 -190L-34 -172C-34 -140 -9 -128 -8 -98L-14 190C-16 248 -14 282 0 282C14 282 16 248 14 190L8 -98C9 -128 34 -140 34 -172L34 -190Z` +
    [0, 1, 2, 3]
      .map((i) => {
        const x = -34 + i * 19;
        return `M${x} -188L${x} -276Q${x + 5.5} -286 ${x + 11} -276L${x + 11} -188Z`;
      })
      .join('');
  const knife =
    `M-13 -20L-13 -240C-13 -272 2 -292 18 -286C23 -200 21 -100 15 -20Z` +
    `M-15 -22L15 -22L15 250Q15 284 0 284Q-15 284 -15 250Z`;
  const piece = (d: string, dx: number) =>
    `<g transform="translate(${dx} 0)">` +
    `<path d="${d}" transform="translate(9 12)" fill="#000" opacity="0.38" filter="url(#${shadow})"/>` +
    `<path d="${d}" fill="url(#${metal})" stroke="#5f666e" stroke-opacity="0.45" stroke-width="1.2"/>` +
    `</g>`;
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})">${piece(fork, -48)}${piece(knife, 52)}</g>`;
}

function ramekin(defs: Defs, rng: Rng, cx: number, cy: number, r: number, bowl: string, filling: string): string {
  const shadow = blurFilter(defs, 14);
  const rim = defs.id('rim');
  defs.add(
    `<linearGradient id="${rim}" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${lighten(bowl, 0.35)}"/><stop offset="1" stop-color="${darken(bowl, 0.18)}"/>` +
      `</linearGradient>`,
  );
  const inner = defs.id('inner');
  defs.add(
    `<radialGradient id="${inner}" cx="0.55" cy="0.58" r="0.6">` +
      `<stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>` +
      `</radialGradient>`,
  );
  let out =
    `<circle cx="${n(cx + 12)}" cy="${n(cy + 18)}" r="${n(r)}" fill="#000" opacity="0.4" filter="url(#${shadow})"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${rim})"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="url(#${defs.shade(filling, 0.8)})"/>`;
  // A little texture in the filling.
  for (let i = 0; i < 14; i++) {
    const a = rng() * Math.PI * 2;
    const d = Math.sqrt(rng()) * r * 0.65;
    out += `<circle cx="${n(cx + Math.cos(a) * d)}" cy="${n(cy + Math.sin(a) * d)}" r="${n(range(rng, 3, 7))}" fill="${pick(rng, [lighten(filling, 0.2), darken(filling, 0.15)])}" opacity="0.6"/>`;
  }
  out +=
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="url(#${inner})"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="none" stroke="${darken(bowl, 0.25)}" stroke-width="3" opacity="0.5"/>` +
    `<path d="M${n(cx - r * 0.93)} ${n(cy - r * 0.2)}A${n(r * 0.95)} ${n(r * 0.95)} 0 0 1 ${n(cx - r * 0.2)} ${n(cy - r * 0.93)}" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.55"/>`;
  return out;
}

// ------------------------------------------------------------------ plate

type Plate = { cx: number; cy: number; r: number; well: number };

function plateSvg(defs: Defs, p: Plate, color: string): string {
  const { cx, cy, r, well } = p;
  const bigShadow = blurFilter(defs, 26);
  const contact = blurFilter(defs, 7);
  const soft = blurFilter(defs, 9);
  const hair = blurFilter(defs, 1.6);
  const rimGrad = defs.id('plate');
  defs.add(
    `<linearGradient id="${rimGrad}" x1="0.15" y1="0.1" x2="0.85" y2="0.95">` +
      `<stop offset="0" stop-color="${lighten(color, 0.35)}"/>` +
      `<stop offset="0.5" stop-color="${color}"/>` +
      `<stop offset="1" stop-color="${darken(color, 0.1)}"/>` +
      `</linearGradient>`,
  );
  const wellGrad = defs.id('well');
  defs.add(
    `<radialGradient id="${wellGrad}" cx="0.5" cy="0.5" r="0.5">` +
      `<stop offset="0" stop-color="${lighten(color, 0.12)}"/>` +
      `<stop offset="1" stop-color="${darken(color, 0.03)}"/>` +
      `</radialGradient>`,
  );
  const clip = defs.id('clip');
  defs.add(`<clipPath id="${clip}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(well)}"/></clipPath>`);

  const arc = (radius: number, from: number, to: number): string => {
    const a0 = (from * Math.PI) / 180;
    const a1 = (to * Math.PI) / 180;
    return `M${n(cx + Math.cos(a0) * radius)} ${n(cy + Math.sin(a0) * radius)}A${n(radius)} ${n(radius)} 0 0 1 ${n(cx + Math.cos(a1) * radius)} ${n(cy + Math.sin(a1) * radius)}`;
  };

  return (
    // Shadows on the table.
    `<circle cx="${n(cx + 22)}" cy="${n(cy + 30)}" r="${n(r)}" fill="#140c06" opacity="0.42" filter="url(#${bigShadow})"/>` +
    `<circle cx="${n(cx + 5)}" cy="${n(cy + 7)}" r="${n(r - 2)}" fill="#140c06" opacity="0.35" filter="url(#${contact})"/>` +
    // Rim.
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${rimGrad})"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 1)}" fill="none" stroke="${darken(color, 0.25)}" stroke-width="2" opacity="0.5"/>` +
    `<path d="${arc(r - 7, 170, 285)}" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.7" filter="url(#${hair})"/>` +
    `<path d="${arc(r - 9, 20, 75)}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.3" filter="url(#${hair})"/>` +
    // Well with an inner shadow on the upper-left wall.
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(well)}" fill="url(#${wellGrad})"/>` +
    `<g clip-path="url(#${clip})">` +
    `<circle cx="${n(cx + 14)}" cy="${n(cy + 16)}" r="${n(well + 22)}" fill="none" stroke="${darken(color, 0.35)}" stroke-width="40" opacity="0.45" filter="url(#${soft})"/>` +
    `</g>` +
    `<path d="${arc(well + 3, 0, 110)}" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.55" filter="url(#${hair})"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(well)}" fill="none" stroke="${darken(color, 0.18)}" stroke-width="1.5" opacity="0.35"/>`
  );
}

// ------------------------------------------------------------------- food

type Palette = { main: string; second: string; accent: string; extra: string[]; green: string | null };

function makePalette(food: string[]): Palette {
  const colors = food.length > 0 ? food : ['#e0b060', '#b8742a', '#6f9a3a'];
  const green = colors.slice(1).find(isGreenish) ?? null;
  const main = colors[0] as string;
  const second = colors[1] ?? darken(main, 0.2);
  const accent = colors[2] ?? lighten(main, 0.3);
  return { main, second, accent, extra: colors.slice(3), green };
}

function leaves(defs: Defs, rng: Rng, points: Point[], green: string): string {
  const g = defs.shade(green, 0.7);
  return points
    .map((p) => {
      const len = range(rng, 40, 70);
      const angle = range(rng, 0, 360);
      return (
        `<g transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(angle)})">` +
        `<path d="${leafPath(len, len * 0.5)}" fill="url(#${g})"/>` +
        `<path d="M${n(len * 0.06)} 0L${n(len * 0.9)} 0" stroke="${lighten(green, 0.35)}" stroke-width="1.6" opacity="0.8"/>` +
        `</g>`
      );
    })
    .join('');
}

function randomInDisc(rng: Rng, cx: number, cy: number, r: number): Point {
  const a = rng() * Math.PI * 2;
  const d = Math.sqrt(rng()) * r;
  return { x: cx + Math.cos(a) * d, y: cy + Math.sin(a) * d };
}

/** Overlay giving a flat shape a domed look: light upper left, shade lower right. */
function volume(defs: Defs): string {
  const key = 'volume';
  const id = defs.id(key);
  defs.add(
    `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.56" fx="0.34" fy="0.3">` +
      `<stop offset="0" stop-color="#fff" stop-opacity="0.32"/>` +
      `<stop offset="0.45" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset="0.8" stop-color="#000" stop-opacity="0.08"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0.3"/>` +
      `</radialGradient>`,
  );
  return id;
}

/** A heap (risotto, pasta, müesli, stew) with lots of small pieces and toppings. */
function foodMound(defs: Defs, rng: Rng, p: Plate, pal: Palette): string {
  const r = p.well * 0.74;
  const cx = p.cx + range(rng, -12, 12);
  const cy = p.cy + range(rng, -12, 12);
  const outline = blobPath(rng, cx, cy, r, r * range(rng, 0.9, 1), 0.06, 14);
  const clip = defs.id('mclip');
  defs.add(`<clipPath id="${clip}"><path d="${outline}"/></clipPath>`);

  // A creamy sauce spreading a little beyond the heap.
  let out = `<path d="${blobPath(rng, cx + 5, cy + 7, r * 1.06, r * 1.03, 0.07, 12)}" fill="${lighten(pal.main, 0.3)}" opacity="0.75"/>`;
  out += `<path d="${outline}" fill="url(#${defs.shade(pal.main, 1.3)})"/>`;

  // Texture: many small grains / pasta pieces in tones of the main colour.
  const tones = [lighten(pal.main, 0.3), lighten(pal.main, 0.15), pal.main, darken(pal.main, 0.1)];
  const tube = rng() < 0.5;
  const grains: string[] = [];
  const count = tube ? 150 : 320;
  for (let i = 0; i < count; i++) {
    const q = randomInDisc(rng, cx, cy, r * 1.02);
    const len = tube ? range(rng, 26, 40) : range(rng, 13, 19);
    const wid = tube ? range(rng, 13, 17) : range(rng, 7, 9);
    const color = pick(rng, tones);
    const rot = n(range(rng, 0, 180));
    grains.push(
      `<g transform="translate(${n(q.x)} ${n(q.y)}) rotate(${rot})">` +
        `<rect x="${n(-len / 2)}" y="${n(-wid / 2)}" width="${n(len)}" height="${n(wid)}" rx="${n(wid / 2)}" fill="${color}" stroke="${darken(pal.main, 0.3)}" stroke-opacity="0.4" stroke-width="1"/>` +
        (tube
          ? `<ellipse cx="${n(len / 2 - wid * 0.3)}" cy="0" rx="${n(wid * 0.22)}" ry="${n(wid * 0.36)}" fill="${darken(pal.main, 0.35)}" opacity="0.55"/>`
          : '') +
        `<rect x="${n(-len / 2 + 3)}" y="${n(-wid / 2 + 1.5)}" width="${n(len * 0.45)}" height="${n(wid * 0.26)}" rx="${n(wid * 0.13)}" fill="#fff" opacity="0.45"/>` +
        `</g>`,
    );
  }
  out += `<g clip-path="url(#${clip})">${grains.join('')}</g>`;

  // Toppings: chunky pieces of the second colour, small bits of the accent.
  const chunkShadow = dropShadowFilter(defs, 2, 3, 2, 0.35);
  let toppings = '';
  const chunks = Math.round(range(rng, 10, 16));
  for (let i = 0; i < chunks; i++) {
    const q = randomInDisc(rng, cx, cy, r * 0.72);
    const s = range(rng, 18, 28);
    toppings +=
      `<g transform="translate(${n(q.x)} ${n(q.y)}) rotate(${n(range(rng, 0, 90))})">` +
      `<path d="${blobPath(rng, 0, 0, s / 2, s * 0.4, 0.18, 7)}" fill="url(#${defs.shade(pal.second)})"/>` +
      `</g>`;
  }
  const bits = Math.round(range(rng, 12, 20));
  for (let i = 0; i < bits; i++) {
    const q = randomInDisc(rng, cx, cy, r * 0.8);
    toppings += `<circle cx="${n(q.x)}" cy="${n(q.y)}" r="${n(range(rng, 5, 9))}" fill="url(#${defs.shade(pal.accent)})"/>`;
  }
  out += `<g filter="url(#${chunkShadow})">${toppings}</g>`;
  out += `<path d="${outline}" fill="url(#${volume(defs)})"/>`;
  if (pal.green) {
    for (let i = 0; i < 40; i++) {
      const q = randomInDisc(rng, cx, cy, r * 0.9);
      out += `<rect x="${n(q.x)}" y="${n(q.y)}" width="${n(range(rng, 4, 8))}" height="3" rx="1.5" fill="${pal.green}" transform="rotate(${n(range(rng, 0, 180))} ${n(q.x)} ${n(q.y)})"/>`;
    }
    const pts = Array.from({ length: Math.round(range(rng, 3, 5)) }, () => randomInDisc(rng, cx - r * 0.1, cy - r * 0.1, r * 0.35));
    out += `<g filter="url(#${chunkShadow})">${leaves(defs, rng, pts, pal.green)}</g>`;
  }
  return out;
}

/** Overlapping slices shingled along a line, with a side (mound or sauce) and garnish. */
function foodSlices(defs: Defs, rng: Rng, p: Plate, pal: Palette): string {
  const count = Math.round(range(rng, 5, 6));
  const angle = range(rng, -35, 35);
  const dir = { x: Math.cos((angle * Math.PI) / 180), y: Math.sin((angle * Math.PI) / 180) };
  const normal = { x: -dir.y, y: dir.x };
  const len = p.well * 0.98;
  const wid = p.well * 0.42;
  const step = wid * 0.5;
  const shift = p.well * 0.22;
  const ox = p.cx + normal.x * shift;
  const oy = p.cy + normal.y * shift;
  const sliceShadow = dropShadowFilter(defs, 4, 7, 6, 0.35);
  let out = '';

  // Side: a mound of the accent colour beside the row.
  const sx = p.cx - normal.x * p.well * 0.52;
  const sy = p.cy - normal.y * p.well * 0.52;
  const sr = p.well * 0.3;
  const sidePath = blobPath(rng, sx, sy, sr * 1.2, sr * 0.85, 0.1, 10);
  let side = `<path d="${sidePath}" fill="url(#${defs.shade(pal.accent, 0.9)})" transform="rotate(${n(angle)} ${n(sx)} ${n(sy)})"/>`;
  for (let i = 0; i < 26; i++) {
    const q = randomInDisc(rng, sx, sy, sr * 0.75);
    side += `<ellipse cx="${n(q.x)}" cy="${n(q.y)}" rx="${n(range(rng, 6, 12))}" ry="${n(range(rng, 4, 7))}" fill="${pick(rng, [lighten(pal.accent, 0.2), darken(pal.accent, 0.12)])}" transform="rotate(${n(range(rng, 0, 180))} ${n(q.x)} ${n(q.y)})" opacity="0.85"/>`;
  }
  side += `<path d="${sidePath}" fill="url(#${volume(defs)})" transform="rotate(${n(angle)} ${n(sx)} ${n(sy)})"/>`;
  out += `<g filter="url(#${sliceShadow})">${side}</g>`;

  // A pool of sauce under the row.
  const sauce = mix(pal.main, '#f3e9d6', 0.5);
  out += `<path d="${blobPath(rng, ox, oy, step * count * 0.62 + 20, len * 0.5 + 10, 0.1, 12)}" transform="rotate(${n(angle)} ${n(ox)} ${n(oy)})" fill="${sauce}" opacity="0.85"/>`;

  for (let i = 0; i < count; i++) {
    const t = (i - (count - 1) / 2) * step;
    const x = ox + dir.x * t;
    const y = oy + dir.y * t;
    const rot = angle + 90 + range(rng, -6, 6);
    const fill = i % 2 === 0 ? pal.main : lighten(pal.main, 0.06);
    out +=
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})" filter="url(#${sliceShadow})">` +
      `<rect x="${n(-len / 2)}" y="${n(-wid / 2)}" width="${n(len)}" height="${n(wid)}" rx="${n(wid * 0.45)}" fill="url(#${defs.shade(pal.second)})"/>` +
      `<rect x="${n(-len / 2 + 10)}" y="${n(-wid / 2 + 10)}" width="${n(len - 20)}" height="${n(wid - 20)}" rx="${n(wid * 0.36)}" fill="url(#${defs.shade(fill)})"/>` +
      Array.from({ length: 9 }, () => {
        const px = range(rng, -len * 0.36, len * 0.36);
        const py = range(rng, -wid * 0.28, wid * 0.28);
        return `<circle cx="${n(px)}" cy="${n(py)}" r="${n(range(rng, 2, 4.5))}" fill="${darken(fill, 0.2)}" opacity="0.5"/>`;
      }).join('') +
      `<path d="M${n(-len * 0.34)} ${n(-wid * 0.2)}Q0 ${n(-wid * 0.32)} ${n(len * 0.34)} ${n(-wid * 0.2)}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.35"/>` +
      `</g>`;
  }

  // A few berries / dots of the extra colour on top of the row.
  const berry = pal.extra.find((c) => !isGreenish(c));
  if (berry) {
    const berries = Math.round(range(rng, 2, 4));
    let b = '';
    for (let i = 0; i < berries; i++) {
      const t = range(rng, -step * 2, step * 2);
      const w = range(rng, -wid * 0.6, wid * 0.6);
      b += `<circle cx="${n(ox + dir.x * t + normal.x * w)}" cy="${n(oy + dir.y * t + normal.y * w)}" r="${n(range(rng, 14, 19))}" fill="url(#${defs.shade(berry)})"/>`;
    }
    out += `<g filter="url(#${sliceShadow})">${b}</g>`;
  }
  if (pal.green) {
    const garnish: Point[] = [];
    for (let i = 0; i < 4; i++) {
      const t = range(rng, -step * 2.5, step * 2.5);
      const w = range(rng, -wid, wid);
      garnish.push({ x: ox + dir.x * t + normal.x * w, y: oy + dir.y * t + normal.y * w });
    }
    out += `<g filter="url(#${sliceShadow})">${leaves(defs, rng, garnish, pal.green)}</g>`;
  }
  return out;
}

/** A plate of soup: a glossy liquid surface with floating pieces and a swirl of cream. */
function foodSoup(defs: Defs, rng: Rng, p: Plate, pal: Palette): string {
  const r = p.well * 0.97;
  const surface = defs.id('soup');
  defs.add(
    `<radialGradient id="${surface}" cx="0.5" cy="0.5" r="0.5" fx="0.4" fy="0.38">` +
      `<stop offset="0" stop-color="${lighten(pal.main, 0.12)}"/>` +
      `<stop offset="0.85" stop-color="${pal.main}"/>` +
      `<stop offset="1" stop-color="${darken(pal.main, 0.18)}"/>` +
      `</radialGradient>`,
  );
  const clip = defs.id('sclip');
  defs.add(`<clipPath id="${clip}"><circle cx="${n(p.cx)}" cy="${n(p.cy)}" r="${n(r)}"/></clipPath>`);
  const soft = blurFilter(defs, 3);
  let out = `<circle cx="${n(p.cx)}" cy="${n(p.cy)}" r="${n(r)}" fill="url(#${surface})"/>`;
  let inside = '';
  // Speckles of the liquid (barley, fat droplets).
  for (let i = 0; i < 140; i++) {
    const q = randomInDisc(rng, p.cx, p.cy, r * 0.95);
    const s = range(rng, 5, 11);
    inside += `<ellipse cx="${n(q.x)}" cy="${n(q.y)}" rx="${n(s)}" ry="${n(s * 0.65)}" fill="${pick(rng, [lighten(pal.main, 0.25), darken(pal.main, 0.08)])}" opacity="0.8" transform="rotate(${n(range(rng, 0, 180))} ${n(q.x)} ${n(q.y)})"/>`;
  }
  // Cream swirl.
  const turns = 1.6;
  let d = '';
  for (let k = 0; k <= 60; k++) {
    const t = k / 60;
    const a = t * turns * Math.PI * 2 + rng() * 0.02;
    const rr = r * (0.05 + 0.33 * t);
    d += `${k === 0 ? 'M' : 'L'}${n(p.cx + Math.cos(a) * rr)} ${n(p.cy + Math.sin(a) * rr)}`;
  }
  inside += `<path d="${d}" fill="none" stroke="${lighten(pal.main, 0.55)}" stroke-width="12" stroke-linecap="round" opacity="0.75" filter="url(#${soft})"/>`;
  out += `<g clip-path="url(#${clip})">${inside}</g>`;
  // Floating pieces.
  const chunkShadow = dropShadowFilter(defs, 2, 3, 2, 0.3);
  let bits = '';
  const pieceColors = [pal.second, pal.accent, ...pal.extra.filter((c) => !isGreenish(c))];
  for (let i = 0; i < 34; i++) {
    const q = randomInDisc(rng, p.cx, p.cy, r * 0.85);
    const s = range(rng, 12, 20);
    bits += `<rect x="${n(q.x - s / 2)}" y="${n(q.y - s / 2)}" width="${n(s)}" height="${n(s * range(rng, 0.7, 1))}" rx="${n(s * 0.25)}" fill="url(#${defs.shade(pick(rng, pieceColors))})" transform="rotate(${n(range(rng, 0, 90))} ${n(q.x)} ${n(q.y)})"/>`;
  }
  if (pal.green) {
    for (let i = 0; i < 50; i++) {
      const q = randomInDisc(rng, p.cx, p.cy, r * 0.5);
      bits += `<rect x="${n(q.x)}" y="${n(q.y)}" width="${n(range(rng, 6, 11))}" height="3.5" rx="1.7" fill="${pal.green}" transform="rotate(${n(range(rng, 0, 180))} ${n(q.x)} ${n(q.y)})"/>`;
    }
  }
  out += `<g filter="url(#${chunkShadow})">${bits}</g>`;
  // Gloss on the liquid.
  out += `<ellipse cx="${n(p.cx - r * 0.42)}" cy="${n(p.cy - r * 0.45)}" rx="${n(r * 0.28)}" ry="${n(r * 0.07)}" fill="#fff" opacity="0.22" transform="rotate(-40 ${n(p.cx - r * 0.42)} ${n(p.cy - r * 0.45)})" filter="url(#${soft})"/>`;
  return out;
}

type PieceShape = 'round' | 'star' | 'heart';

/** Individual pieces (biscuits, dumplings, tartlets) arranged in rings. */
function foodPieces(defs: Defs, rng: Rng, p: Plate, pal: Palette, forced?: PieceShape): string {
  const picked = pick(rng, ['round', 'star', 'round', 'heart'] as const);
  const shape: PieceShape = forced ?? picked;
  const pieceR = p.well * (shape === 'round' ? 0.2 : 0.22);
  const positions: { x: number; y: number; rot: number }[] = [];
  const ring = Math.round(range(rng, 7, 9));
  const offset = rng() * Math.PI * 2;
  for (let i = 0; i < ring; i++) {
    const a = offset + (i / ring) * Math.PI * 2;
    const d = p.well - pieceR * 1.18;
    positions.push({ x: p.cx + Math.cos(a) * d, y: p.cy + Math.sin(a) * d, rot: range(rng, -25, 25) });
  }
  const inner = Math.round(range(rng, 2, 4));
  for (let i = 0; i < inner; i++) {
    const a = offset + 0.4 + (i / inner) * Math.PI * 2;
    const d = inner === 1 ? 0 : pieceR * 1.05;
    positions.push({ x: p.cx + Math.cos(a) * d, y: p.cy + Math.sin(a) * d, rot: range(rng, -30, 30) });
  }
  const shadow = dropShadowFilter(defs, 4, 6, 4, 0.35);
  const pathFor = (r: number): string =>
    shape === 'star' ? starPath(r, 5, 0.52) : shape === 'heart' ? heartPath(r * 1.05) : '';
  let out = '';
  positions.forEach((pos, i) => {
    const variant = i % 3 === 2;
    const base = variant ? lighten(pal.main, 0.12) : pal.main;
    const rim = variant ? darken(pal.second, 0.08) : pal.second;
    out += `<g transform="translate(${n(pos.x)} ${n(pos.y)}) rotate(${n(pos.rot)})" filter="url(#${shadow})">`;
    if (shape === 'round') {
      out +=
        `<circle r="${n(pieceR)}" fill="url(#${defs.shade(rim)})"/>` +
        `<circle r="${n(pieceR * 0.78)}" fill="url(#${defs.shade(base)})"/>`;
      // fluted edge
      for (let k = 0; k < 14; k++) {
        const a = (k / 14) * Math.PI * 2;
        out += `<circle cx="${n(Math.cos(a) * pieceR * 0.9)}" cy="${n(Math.sin(a) * pieceR * 0.9)}" r="${n(pieceR * 0.09)}" fill="${darken(rim, 0.12)}" opacity="0.45"/>`;
      }
      for (let k = 0; k < 5; k++) {
        const q = randomInDisc(rng, 0, 0, pieceR * 0.5);
        out += `<circle cx="${n(q.x)}" cy="${n(q.y)}" r="${n(range(rng, 3, 7))}" fill="${darken(base, 0.18)}" opacity="0.55"/>`;
      }
    } else {
      out +=
        `<path d="${pathFor(pieceR)}" fill="url(#${defs.shade(rim)})" stroke-linejoin="round"/>` +
        `<path d="${pathFor(pieceR * 0.86)}" transform="translate(-1 -2)" fill="url(#${defs.shade(base)})"/>`;
    }
    out += `<ellipse cx="${n(-pieceR * 0.3)}" cy="${n(-pieceR * 0.35)}" rx="${n(pieceR * 0.28)}" ry="${n(pieceR * 0.1)}" fill="#fff" opacity="0.3" transform="rotate(-35 ${n(-pieceR * 0.3)} ${n(-pieceR * 0.35)})"/>`;
    out += `</g>`;
  });
  // A dusting of crumbs / sugar.
  const dust = pal.accent;
  for (let i = 0; i < 40; i++) {
    const q = randomInDisc(rng, p.cx, p.cy, p.well * 0.95);
    out += `<circle cx="${n(q.x)}" cy="${n(q.y)}" r="${n(range(rng, 1.5, 3.5))}" fill="${dust}" opacity="0.75"/>`;
  }
  if (pal.green) {
    out += leaves(defs, rng, [{ x: p.cx + range(rng, -20, 20), y: p.cy + range(rng, -20, 20) }], pal.green);
  }
  return out;
}

/** A round tart or cake with one slice cut out and moved aside. */
function foodTart(defs: Defs, rng: Rng, p: Plate, pal: Palette): string {
  const r = p.well * 0.86;
  const crust = pal.second;
  const filling = pal.main;
  const cutStart = range(rng, 0, 360);
  const cutSize = range(rng, 40, 55);
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const wedge = (cx: number, cy: number, radius: number, from: number, to: number): string =>
    `M${n(cx)} ${n(cy)}L${n(cx + Math.cos(rad(from)) * radius)} ${n(cy + Math.sin(rad(from)) * radius)}` +
    `A${n(radius)} ${n(radius)} 0 ${to - from > 180 ? 1 : 0} 1 ${n(cx + Math.cos(rad(to)) * radius)} ${n(cy + Math.sin(rad(to)) * radius)}Z`;
  const shadow = dropShadowFilter(defs, 6, 9, 7, 0.38);
  const body = (cx: number, cy: number, from: number, to: number): string => {
    const clip = defs.id('tclip');
    defs.add(`<clipPath id="${clip}"><path d="${wedge(cx, cy, r + 2, from, to)}"/></clipPath>`);
    let s = `<g clip-path="url(#${clip})">`;
    s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${defs.shade(crust, 0.9)})"/>`;
    s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 24)}" fill="url(#${defs.shade(filling, 0.7)})"/>`;
    s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 24)}" fill="none" stroke="${darken(filling, 0.25)}" stroke-width="6" opacity="0.25"/>`;
    // crust crimps
    for (let k = 0; k < 36; k++) {
      const a = (k / 36) * Math.PI * 2;
      s += `<ellipse cx="${n(cx + Math.cos(a) * (r - 11))}" cy="${n(cy + Math.sin(a) * (r - 11))}" rx="9" ry="5" fill="${darken(crust, 0.15)}" opacity="0.4" transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(cx + Math.cos(a) * (r - 11))} ${n(cy + Math.sin(a) * (r - 11))})"/>`;
    }
    // subtle cut lines
    for (let k = 0; k < 8; k++) {
      const a = rad(cutStart + (k * 360) / 8);
      s += `<line x1="${n(cx)}" y1="${n(cy)}" x2="${n(cx + Math.cos(a) * (r - 24))}" y2="${n(cy + Math.sin(a) * (r - 24))}" stroke="${darken(filling, 0.2)}" stroke-width="1.5" opacity="0.18"/>`;
    }
    s += `</g>`;
    return s;
  };
  let out = `<g filter="url(#${shadow})">${body(p.cx, p.cy, cutStart + cutSize, cutStart + 360)}</g>`;
  // Cut face of the tart (darker layer visible along the two cut edges).
  const cutEdge = (deg: number) =>
    `<line x1="${n(p.cx)}" y1="${n(p.cy)}" x2="${n(p.cx + Math.cos(rad(deg)) * r)}" y2="${n(p.cy + Math.sin(rad(deg)) * r)}" stroke="${darken(filling, 0.28)}" stroke-width="5" stroke-linecap="round" opacity="0.6"/>`;
  out += cutEdge(cutStart + cutSize) + cutEdge(cutStart + 360);

  // Piped border of cream rosettes; every third one carries a decoration.
  const decoR = r * 0.78;
  const decoSize = range(rng, 0.85, 1.15);
  const rosette = lighten(filling, 0.2);
  const deco = (x: number, y: number, rot: number, topped: boolean): string =>
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
    `<circle r="${n(r * 0.065)}" fill="url(#${defs.shade(rosette, 1.1)})" stroke="${darken(rosette, 0.12)}" stroke-opacity="0.5" stroke-width="1.5"/>` +
    `<path d="M${n(-r * 0.035)} 0A${n(r * 0.035)} ${n(r * 0.035)} 0 1 1 ${n(r * 0.018)} ${n(r * 0.028)}" fill="none" stroke="${darken(rosette, 0.18)}" stroke-width="2" opacity="0.6"/>` +
    (topped
      ? `<ellipse cy="${n(-r * 0.01)}" rx="${n(r * 0.028 * decoSize)}" ry="${n(r * 0.065 * decoSize)}" fill="url(#${defs.shade(pal.accent)})"/>` +
        (pal.green
          ? `<path d="M0 ${n(-r * 0.07)}l-5 -11M0 ${n(-r * 0.07)}l5 -11M0 ${n(-r * 0.07)}l0 -13" stroke="${pal.green}" stroke-width="3.5" stroke-linecap="round"/>`
          : '')
      : '') +
    `</g>`;
  const decoCount = Math.round(((360 - cutSize - 10) / 360) * 30);
  for (let k = 0; k < decoCount; k++) {
    const deg = cutStart + cutSize + 5 + ((360 - cutSize - 10) * (k + 0.5)) / decoCount;
    const a = rad(deg);
    out += deco(p.cx + Math.cos(a) * decoR, p.cy + Math.sin(a) * decoR, deg + 90 + range(rng, -35, 35), k % 3 === 1);
  }
  // Centre: a small cluster of decorations instead of a single dot.
  const centre = pal.extra.find((c) => !isGreenish(c)) ?? pal.accent;
  for (let k = 0; k < 3; k++) {
    const a = rad(cutStart + 200 + k * 120 + range(rng, -15, 15));
    const x = p.cx + Math.cos(a) * r * 0.09;
    const y = p.cy + Math.sin(a) * r * 0.09;
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * range(rng, 0.06, 0.075))}" fill="url(#${defs.shade(centre)})"/>`;
  }
  if (pal.green) {
    out += leaves(defs, rng, [{ x: p.cx - r * 0.04, y: p.cy - r * 0.06 }, { x: p.cx + r * 0.02, y: p.cy + r * 0.05 }], pal.green);
  }

  // The removed slice, pushed outward.
  const mid = rad(cutStart + cutSize / 2);
  const ox = p.cx + Math.cos(mid) * r * 0.16;
  const oy = p.cy + Math.sin(mid) * r * 0.16;
  out += `<g filter="url(#${shadow})">${body(ox, oy, cutStart + 3, cutStart + cutSize - 3)}</g>`;
  for (const f of [-0.25, 0.25]) {
    const a = rad(cutStart + cutSize / 2 + f * cutSize);
    out += deco(ox + Math.cos(a) * decoR, oy + Math.sin(a) * decoR, (a * 180) / Math.PI + 90, f > 0);
  }
  return out;
}

// ------------------------------------------------------------------ scene

function buildSvg(image: DemoImage, seed: number): string {
  const rng = createRng(seed);
  const defs = new Defs();
  const background = image.background || '#8a6a4f';
  const plateColor = image.plate || '#f5f1ea';
  const pal = makePalette(image.food);

  // Background texture.
  const useLinen = rng() < 0.3;
  const table = useLinen
    ? linenBackground(defs, seed, background)
    : woodBackground(defs, rng, seed, background);

  // Composition: plate slightly off-centre, cutlery + napkin on one side, a ramekin on the other.
  const side = rng() < 0.5 ? -1 : 1;
  const plate: Plate = {
    cx: WIDTH / 2 - side * range(rng, 60, 110),
    cy: HEIGHT / 2 + range(rng, -15, 20),
    r: range(rng, 405, 430),
    well: 0,
  };
  plate.well = plate.r * 0.71;

  const napkinAccent = pick(rng, ['#b8323a', '#2f5487', '#4f7a45', '#c28a2c']);
  const napkinX = plate.cx + side * (plate.r + 170);
  const napkinSvg = napkin(defs, rng, napkinX, HEIGHT / 2 + range(rng, -40, 40), range(rng, -12, 12), napkinAccent);
  const cutlerySvg = cutlery(defs, napkinX + side * 5, HEIGHT / 2 + range(rng, -10, 10), range(rng, -8, 8));

  const bowlColor = pick(rng, [lighten(plateColor, 0.2), '#e9e2d6', '#3c3f45', '#d6c4a8']);
  const ramekinR = range(rng, 120, 150);
  const ramekinX = plate.cx - side * (plate.r + ramekinR * 0.15);
  const ramekinY = rng() < 0.5 ? ramekinR * 0.35 : HEIGHT - ramekinR * 0.35;
  const ramekinSvg = ramekin(defs, rng, ramekinX, ramekinY, ramekinR, bowlColor, pal.accent);

  // Crumbs and bits on the table.
  let crumbs = '';
  const crumbColors = [pal.main, pal.second, pal.accent, ...pal.extra];
  for (let i = 0; i < 18; i++) {
    let x = 0;
    let y = 0;
    for (let tries = 0; tries < 20; tries++) {
      x = range(rng, 30, WIDTH - 30);
      y = range(rng, 30, HEIGHT - 30);
      const dPlate = Math.hypot(x - plate.cx, y - plate.cy);
      const dNapkin = Math.abs(x - napkinX);
      if (dPlate > plate.r + 30 && dNapkin > 260) break;
    }
    const c = pick(rng, crumbColors);
    const s = range(rng, 3, 9);
    crumbs += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(s)}" ry="${n(s * range(rng, 0.6, 1))}" fill="${c}" transform="rotate(${n(range(rng, 0, 180))} ${n(x)} ${n(y)})"/>`;
  }
  if (pal.green) {
    const pts: Point[] = [];
    for (let i = 0; i < 3; i++) {
      const a = range(rng, 0, Math.PI * 2);
      pts.push({ x: plate.cx + Math.cos(a) * (plate.r + 60), y: plate.cy + Math.sin(a) * (plate.r + 40) });
    }
    crumbs += leaves(defs, rng, pts.filter((q) => q.y > 20 && q.y < HEIGHT - 20 && Math.abs(q.x - napkinX) > 260), pal.green);
  }
  const crumbShadow = dropShadowFilter(defs, 2, 3, 2, 0.35);

  // Food on the plate.
  const picked = pick(rng, ['mound', 'slices', 'pieces', 'tart'] as const);
  const layout = image.layout ?? picked;
  const foodShadow = dropShadowFilter(defs, 5, 8, 6, 0.32);
  const food = (() => {
    switch (layout) {
      case 'mound':
        return foodMound(defs, rng, plate, pal);
      case 'soup':
        return foodSoup(defs, rng, plate, pal);
      case 'slices':
        return foodSlices(defs, rng, plate, pal);
      case 'tart':
        return foodTart(defs, rng, plate, pal);
      case 'stars':
        return foodPieces(defs, rng, plate, pal, 'star');
      case 'hearts':
        return foodPieces(defs, rng, plate, pal, 'heart');
      case 'pieces':
        return foodPieces(defs, rng, plate, pal, 'round');
    }
  })();

  // Global light: warm glow from the upper left and a gentle vignette.
  const light = defs.id('light');
  defs.add(
    `<radialGradient id="${light}" cx="0.25" cy="0.15" r="0.9">` +
      `<stop offset="0" stop-color="#fff6e6" stop-opacity="0.22"/>` +
      `<stop offset="0.6" stop-color="#fff6e6" stop-opacity="0"/>` +
      `</radialGradient>`,
  );
  const vignette = defs.id('vig');
  defs.add(
    `<radialGradient id="${vignette}" cx="0.5" cy="0.5" r="0.75">` +
      `<stop offset="0.55" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0.38"/>` +
      `</radialGradient>`,
  );

  const body =
    table +
    `<g filter="url(#${crumbShadow})">${crumbs}</g>` +
    napkinSvg +
    cutlerySvg +
    ramekinSvg +
    plateSvg(defs, plate, plateColor) +
    `<g filter="url(#${foodShadow})">${food}</g>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${light})"/>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${vignette})"/>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    defs.toString() +
    body +
    `</svg>`
  );
}

/**
 * Renders the demo picture for a recipe as a JPEG (1600×1067 px). The same
 * colours and seed always produce the same image.
 */
export async function renderDemoImage(image: DemoRecipe['image'], seed: number): Promise<Buffer> {
  const svg = buildSvg(image, seed);
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(WIDTH, HEIGHT, { fit: 'cover' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
