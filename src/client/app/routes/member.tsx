import type { ComponentType } from 'react';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { NotBuilt } from '@client/components/not-built';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { SignInPrompt } from '@client/app/shell/sign-in-prompt';
import { DEFAULT_MEMBER_PAGE, MEMBER_PAGES, type MemberPage } from '@client/config/center-pages';
import type { CenterPages } from '../router';
import { isMemberPage, memberPageHref } from '@client/config/paths';
import { hasSession, useClaimableMissions, usePublicState, useSessionInfo } from '@client/state/app-actor';

/** The open page, or "not available yet" for a page not built. */
function PageContent({ page: Page }: { page: ComponentType | null }) {
  return Page ? <Page /> : <NotBuilt />;
}

/** MEMBER-04: a red count beside a menu entry when its count is above 0. */
function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge center-menu__badge" data-testid="menu-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** SHELL-06: the member center — its pages (MEMBER-03) beside the open one; guests and trial accounts are stopped first. */
export default function MemberScreen({ pages }: { pages: CenterPages<MemberPage> }) {
  const { t } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const session = useSessionInfo();
  const { unreadMessage, availablePromoCount } = usePublicState();
  const claimableMissions = useClaimableMissions();
  const badgeCounts: Partial<Record<MemberPage, number>> = { messageV2: unreadMessage, rewardCenter: availablePromoCount, missionLeaderboard: claimableMissions };
  const requested = params.get('page');
  const page: MemberPage = isMemberPage(requested) ? requested : DEFAULT_MEMBER_PAGE;

  return (
    <div className="screen">
      <ScreenHeader icon={UserRound} title={t('shell:screens.member')} />
      {session.status === 'restoring' ? (
        <ScreenLoader label={t('common:loading')} />
      ) : !hasSession(session) || !session.member ? (
        <SignInPrompt />
      ) : session.status === 'trial' ? (
        <EmptyState tone="warning" title={t('common:in_need_true_account')} />
      ) : (
        <div className="center-layout">
          <nav className="center-menu" aria-label={t('shell:screens.member')}>
            <ul>
              {MEMBER_PAGES.map((entry) => (
                <li key={entry}>
                  {/* Link, not NavLink: every page shares the path /member, which NavLink alone would mark current. */}
                  <Link to={memberPageHref(entry)} className="center-menu__item" aria-current={entry === page ? 'page' : undefined}>
                    {t(`shell:memberPages.${entry}`)}
                    <CountBadge count={badgeCounts[entry] ?? 0} />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="center-content" aria-labelledby="member-page-title">
            <h2 id="member-page-title" className="center-content__title">
              {t(`shell:memberPages.${page}`)}
            </h2>
            <PageContent page={pages[page]} />
          </section>
        </div>
      )}
    </div>
  );
}
