import qrcode from 'qrcode';

/** Pixels per module: the code prints 2.5 cm wide (web/features/offline/print.css), about 375 dpi. */
const SCALE = 10;

/**
 * The QR code on the printed schedule (web/features/offline/print-header.tsx): the festival's
 * public address of /schedule, drawn once here, so the page itself loads no QR library
 * (docs/decisions/0036-ci-time-budget.md has why), with four modules of quiet zone around it, as
 * scanners expect. A PNG, not an SVG: a browser builds a whole document on the page's main thread
 * for each SVG image it shows, even a hidden one (docs/decisions/0046-no-svg-images-on-festival-pages.md).
 */
export function scheduleQrPng(publicUrl: string): Promise<Buffer> {
  return qrcode.toBuffer(`${publicUrl.replace(/\/+$/, '')}/schedule`, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: SCALE,
  });
}
