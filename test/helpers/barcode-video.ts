// A camera's picture of an EAN-13 barcode, as a YUV4MPEG2 file Chromium plays as its fake
// camera (--use-file-for-fake-video-capture): the counting app's camera scanning, tested with a
// real picture to decode.
import { writeFileSync } from "node:fs";

const L = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
const G = [
  "0100111",
  "0110011",
  "0011011",
  "0100001",
  "0011101",
  "0111001",
  "0000101",
  "0010001",
  "0001001",
  "0010111",
];
const R = [
  "1110010",
  "1100110",
  "1101100",
  "1000010",
  "1011100",
  "1001110",
  "1010000",
  "1000100",
  "1001000",
  "1110100",
];
/** Which of the left half's digits use the G set, by the first digit. */
const PARITY = [
  "LLLLLL",
  "LLGLGG",
  "LLGGLG",
  "LLGGGL",
  "LGLLGG",
  "LGGLLG",
  "LGGGLL",
  "LGLGLG",
  "LGLGGL",
  "LGGLGL",
];

/** The 95 modules of an EAN-13 (1 a bar), its 13 digits given. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error("an EAN-13 has 13 digits");
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === "L" ? L : G)[d]!)
    .join("");
  const right = digits
    .slice(7)
    .map((d) => R[d]!)
    .join("");
  return `101${left}01010${right}101`;
}

/** Writes `frames` frames of the barcode, black on white, 640 x 480, to `path`. */
export function writeBarcodeVideo(path: string, code: string, frames = 10): void {
  const width = 640;
  const height = 480;
  const modules = ean13Modules(code);
  const scale = 5;
  const left = Math.floor((width - modules.length * scale) / 2);
  const row = Buffer.alloc(width, 235);
  for (let x = 0; x < modules.length * scale; x++) {
    if (modules[Math.floor(x / scale)] === "1") row[left + x] = 16;
  }
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 100; y < 380; y++) row.copy(luma, y * width);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
