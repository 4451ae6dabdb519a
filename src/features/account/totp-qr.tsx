import qrcode from 'qrcode-generator';

/**
 * The otpauth:// URI as a QR code for an authenticator app to scan: SVG from the code's modules
 * (no canvas, no data URL), with a quiet zone of four modules. Loaded only by the set-up step.
 */
export function TotpQr({ uri }: { uri: string }) {
  const qr = qrcode(0, 'M');
  qr.addData(uri);
  qr.make();
  const count = qr.getModuleCount();
  const size = count + 8;
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return (
    <svg
      role="img"
      aria-label="QR code for your authenticator app"
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 rounded-lg bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
