import { useMemo } from 'react';
import { encode } from 'uqr';

/** Dark modules as one SVG path: one `M x y h1 v1 h-1 z` square per module. */
export function qrPath(data: readonly (readonly boolean[])[]): string {
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return d;
}

/** A QR code for `value`, drawn as crisp SVG (dark on white, whatever the theme, so it scans). */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    return { path: qrPath(qr.data), modules: qr.size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-lg bg-white"
      data-testid="share-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
