import { useEffect, useState } from 'react';

/** QR defaults (MEMBER-23): size 200, margin 20, dark #000000, light #FFFFFF. */
export const QR_DEFAULTS = { size: 200, margin: 20, dark: '#000000', light: '#FFFFFF' } as const;

export interface QrCodeProps {
  value: string;
  label: string;
  size?: number;
  margin?: number;
  dark?: string;
  light?: string;
}

/** Draws `value` as an SVG QR code image of `size` pixels with a quiet zone of about `margin` pixels. */
export function QrCode({ value, label, size = QR_DEFAULTS.size, margin = QR_DEFAULTS.margin, dark = QR_DEFAULTS.dark, light = QR_DEFAULTS.light }: QrCodeProps) {
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // Loaded on first use: most visits never draw a QR code.
    import('qrcode')
      .then(({ default: QRCode }) => {
        // The library's margin counts modules; turn the pixel margin into modules for this code's size.
        const count = QRCode.create(value).modules.size;
        const modules = Math.max(0, Math.round((margin * count) / Math.max(1, size - 2 * margin)));
        return QRCode.toString(value, { type: 'svg', width: size, margin: modules, color: { dark, light } });
      })
      .then(
        (markup) => current && setSvg(markup),
        () => current && setSvg(null),
      );
    return () => {
      current = false;
    };
  }, [value, size, margin, dark, light]);

  return (
    <span className="qr-code" style={{ width: size, height: size }}>
      {svg && <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={size} height={size} alt={label} />}
    </span>
  );
}
