// Draws public/og-image.png, the picture a shared link's preview shows (docs/decisions/151):
// the paw mark and the site's name, 1200 × 630, made here from SVG so nothing comes from the
// internet. Uses sharp, which Next installs for its image optimiser (not a dependency of ours).
// Run it again after changing the drawing: `node scripts/make-og-image.mjs`.
import sharp from "sharp";

const PAW = `
  <ellipse cx="6" cy="9.5" rx="2.2" ry="2.8" />
  <ellipse cx="10" cy="5.5" rx="2.2" ry="2.9" />
  <ellipse cx="14.5" cy="5.5" rx="2.2" ry="2.9" />
  <ellipse cx="18.5" cy="9.5" rx="2.2" ry="2.8" />
  <path d="M12.2 11.2c-2.6 0-6 3.9-6 6.6 0 1.9 1.5 2.7 3.1 2.7 1.3 0 2-.6 2.9-.6s1.6.6 2.9.6c1.6 0 3.1-.8 3.1-2.7 0-2.7-3.4-6.6-6-6.6Z" />`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0f766e" />
  <circle cx="1040" cy="120" r="260" fill="#115e59" />
  <g transform="translate(120 150) scale(10)" fill="#ccfbf1">${PAW}</g>
  <text x="120" y="470" font-family="DejaVu Sans, sans-serif" font-size="112" font-weight="700" fill="#ffffff">Pet Store</text>
  <text x="124" y="545" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#ccfbf1">Animals looking for a home</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile("public/og-image.png");
