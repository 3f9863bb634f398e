import { useState } from 'react';
import { ChevronRight, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Promotion } from '@shared/contract/promotions';
import { FormAlert } from '@client/components/form';
import { paths } from '@client/config/paths';
import { formatMoney } from '@client/lib/money';
import { usePopups, useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { useRaffleClaim } from '../hooks/use-promotion-actions';

const RAFFLES = { query: { type: 'RAFFLE' } } as const;

/** The raffle the strip offers: one the player may draw now first, else one running now, else one the player has drawn. */
export const raffleToShow = (raffles: readonly Promotion[], now = Date.now()): Promotion | undefined => {
  const running = (p: Promotion) => Date.parse(p.startTime) <= now && Date.parse(p.endTime) > now;
  return (
    raffles.find((p) => p.status === 'PROCESS') ??
    raffles.find((p) => p.status === 'JOIN' && running(p)) ??
    raffles.find((p) => p.status === 'CLAIMED' && running(p))
  );
};

/**
 * The home screen's lucky draw (API-51, MEMBER-14): a running raffle with its prizes, drawn from
 * here by a signed-in player (a guest is asked to log in; a trial account is told draws are for
 * real accounts), and the prize once drawn. Its own chunk, loaded after the home's first render;
 * it shows nothing while no raffle runs.
 */
export function HomeRaffle() {
  const { t, i18n } = useTranslation(['promotions', 'errors']);
  const { status } = useSessionInfo();
  const popups = usePopups();
  const raffles = useApiQuery('promotionList', RAFFLES);
  const draw = useRaffleClaim();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const raffle = raffles.data ? raffleToShow(raffles.data.list) : undefined;
  if (!raffle) return null;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const drawn = raffle.status === 'CLAIMED' ? raffle.entry : null;

  return (
    <section className="home-strip" aria-labelledby="home-raffle-title" data-testid="home-raffle">
      <h2 id="home-raffle-title" className="home-strip__title">
        <Gift aria-hidden size={18} /> {t('promotions:home.title')}
      </h2>
      <p>{raffle.title}</p>
      <p>
        {t('promotions:prizes')}: {raffle.prizes.map((p) => `${p.name} (${money(p.amount)})`).join(', ')}
      </p>
      <div aria-live="polite">
        {notice && <FormAlert tone="info">{notice}</FormAlert>}
        {!notice && drawn && <p>{t('promotions:prizeWon', { prize: drawn.prizeName ?? '', amount: money(drawn.amount) })}</p>}
        {failure && <FormAlert>{failure}</FormAlert>}
      </div>
      <div className="money-form__actions">
        {status === 'loggedIn' && raffle.status === 'PROCESS' && (
          <button
            type="button"
            className="button button--primary button--compact"
            disabled={draw.isPending}
            onClick={() => {
              setNotice(null);
              setFailure(null);
              draw.mutate(
                { promotionId: raffle.promotionId },
                {
                  onSuccess: (reply) => setNotice(t('promotions:done.drawn', { prize: reply.prizeName, amount: money(reply.amount) })),
                  onError: (error) => setFailure(t(`errors:${error.code}`)),
                },
              );
            }}
          >
            {t('promotions:actions.draw')}
          </button>
        )}
        {status === 'loggedOut' && (
          <button type="button" className="button button--primary button--compact" onClick={() => popups.open('loginPopupModal')}>
            {t('promotions:home.logInToDraw')}
          </button>
        )}
        {status === 'trial' && <p>{t('promotions:home.realAccountsOnly')}</p>}
        <Link to={paths.promotions.getHref()} className="lobby-row__more">
          {t('promotions:home.all')}
          <ChevronRight aria-hidden size={16} />
        </Link>
      </div>
    </section>
  );
}
