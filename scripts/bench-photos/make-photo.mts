// Writes a 12-megapixel (4000 × 3000) photo-like JPEG to argv[2]: gradients and shapes under
// fine grain, so its encoders work about as hard as on a real photo's detail.
import { writeFileSync } from "node:fs";
import sharp from "sharp";

const [width, height] = [4000, 3000];
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="g"><stop offset="0" stop-color="#d9a066"/><stop offset="1" stop-color="#2f4f3a"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <ellipse cx="1800" cy="1500" rx="900" ry="700" fill="#8b5a2b"/><circle cx="1500" cy="1300" r="120" fill="#111"/>
  <circle cx="2100" cy="1300" r="120" fill="#111"/><rect x="2900" y="300" width="700" height="2400" fill="#c9d6df"/></svg>`;
const grain = await sharp({ create: { width, height, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 18 } } })
  .png()
  .toBuffer();
const photo = await sharp(Buffer.from(svg))
  .composite([{ input: grain, blend: "overlay" }])
  .jpeg({ quality: 88 })
  .toBuffer();
writeFileSync(process.argv[2]!, photo);
console.log(JSON.stringify({ bytes: photo.length, width, height }));
