import qrcode from 'qrcode';

/**
 * The QR code on the printed schedule (web/features/offline/print-header.tsx): the festival's
 * public address of /schedule, drawn once here as SVG, so the page itself loads no QR library
 * (docs/decisions/0036-ci-time-budget.md has why). One square per dark module, four modules of
 * quiet zone around them, as scanners expect.
 */
export function scheduleQrSvg(publicUrl: string): string {
  const { modules } = qrcode.create(`${publicUrl.replace(/\/+$/, '')}/schedule`, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
  }
  const box = modules.size + 8;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 ${box} ${box}" shape-rendering="crispEdges">` +
    `<rect x="-4" y="-4" width="${box}" height="${box}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`
  );
}
