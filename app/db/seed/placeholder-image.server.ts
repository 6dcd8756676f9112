/**
 * Draws the demo catalogue's pictures locally (no network): an SVG with the category's
 * gradient, a simple shape and the item's name, rasterised to JPEG by sharp. The JPEG then
 * goes through the real upload pipeline like any admin upload would.
 */
import sharp from "sharp";
import type { ImageShape } from "./demo-data";

const WIDTH = 1200;
const HEIGHT = 900;

export interface PlaceholderImage {
  title: string;
  subtitle: string;
  colors: readonly [string, string];
  shape: ImageShape;
  /** 0 = main picture, 1 = alternative view (mirrored layout). */
  variant?: number;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Greedy word wrap into at most `maxLines` lines of about `maxChars` characters. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/\s+\S*$/, "")}…`;
    return kept;
  }
  return lines;
}

function shapeSvg(shape: ImageShape, cx: number, cy: number, r: number, rotate: number): string {
  const style = `fill="#ffffff" fill-opacity="0.28" stroke="#ffffff" stroke-opacity="0.55" stroke-width="6"`;
  const polygon = (sides: number, offset: number) =>
    Array.from({ length: sides }, (_, i) => {
      const angle = offset + (i * 2 * Math.PI) / sides;
      return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
    }).join(" ");
  const transform = `transform="rotate(${rotate} ${cx} ${cy})"`;
  switch (shape) {
    case "circle":
      return `<circle cx="${cx}" cy="${cy}" r="${r}" ${style}/><circle cx="${cx}" cy="${cy}" r="${r * 0.45}" ${style}/>`;
    case "square":
      return `<rect x="${cx - r * 0.85}" y="${cy - r * 0.85}" width="${r * 1.7}" height="${r * 1.7}" rx="${r * 0.2}" ${style} ${transform}/>`;
    case "triangle":
      return `<polygon points="${polygon(3, -Math.PI / 2)}" ${style} ${transform}/>`;
    case "hexagon":
      return `<polygon points="${polygon(6, 0)}" ${style} ${transform}/>`;
    case "diamond":
      return `<polygon points="${polygon(4, -Math.PI / 2)}" ${style} ${transform}/>`;
    case "rings":
      return [0, 1, 2]
        .map((i) => `<circle cx="${cx + (i - 1) * r * 0.7}" cy="${cy}" r="${r * 0.55}" ${style}/>`)
        .join("");
  }
}

export function placeholderSvg(image: PlaceholderImage): string {
  const variant = image.variant ?? 0;
  const [from, to] = variant === 0 ? image.colors : [image.colors[1], image.colors[0]];
  const cx = variant === 0 ? 600 : 820;
  const lines = wrap(image.title, 30, 3);
  const fontSize = lines.length > 2 ? 50 : 58;
  const lineHeight = fontSize * 1.2;
  const cardTop = HEIGHT - 90 - lines.length * lineHeight - 60;
  const titleSvg = lines
    .map(
      (line, i) =>
        `<text x="600" y="${cardTop + 70 + i * lineHeight}" font-size="${fontSize}" font-weight="bold" fill="#111827" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans, Liberation Sans, sans-serif">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${shapeSvg(image.shape, cx, cardTop / 2 + 10, Math.min(210, cardTop / 2 - 30), variant * 15)}
<text x="48" y="72" font-size="34" font-weight="bold" fill="#ffffff" fill-opacity="0.9">Tienda</text>
<rect x="60" y="${cardTop}" width="${WIDTH - 120}" height="${HEIGHT - 40 - cardTop}" rx="28" fill="#ffffff" fill-opacity="0.92"/>
${titleSvg}
<text x="600" y="${HEIGHT - 80}" font-size="34" fill="#4b5563" text-anchor="middle">${escapeXml(image.subtitle)}</text>
</svg>`;
}

/** The placeholder as JPEG bytes (what a camera or an admin would upload). */
export async function renderPlaceholderImage(image: PlaceholderImage): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(image)))
    .jpeg({ quality: 88 })
    .toBuffer();
}
