import { useState, type ReactNode } from 'react';
import { Copy, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '@client/components/qr-code';

/** A registration link as text, a copy button and its QR code (AGENT-13, MEMBER-18). */
export function ReferralCard({ titleId, title, code, link, children }: { titleId: string; title: string; code: string; link: string; children?: ReactNode }) {
  const { t } = useTranslation('agent');
  const [copied, setCopied] = useState<'done' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopied('done'),
      () => setCopied('failed'),
    );
  return (
    <section className="agent-card referral-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="agent-card__title">
        <Link2 aria-hidden size={18} />
        {title}
      </h3>
      <div className="referral-card__body">
        <QrCode value={link} label={t('referral.qr')} size={160} margin={12} />
        <div className="referral-card__text">
          <p className="referral-card__code">
            {t('referral.code')} <strong>{code}</strong>
          </p>
          <p className="referral-card__link">
            <a href={link} rel="noopener" target="_blank">
              {link}
            </a>
          </p>
          <button type="button" className="button button--outline button--compact" onClick={() => void copy()}>
            <Copy aria-hidden size={16} />
            {t('referral.copy')}
          </button>
          <p role="status" className="referral-card__copied">
            {copied && t(`referral.copied.${copied}`)}
          </p>
          {children}
        </div>
      </div>
    </section>
  );
}
