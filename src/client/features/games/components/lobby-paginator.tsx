import { useLayoutEffect, useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import ReactPaginate from 'react-paginate';
import { PAGINATOR_MARGIN, PAGINATOR_RANGE } from '../lobby-filters';

export interface LobbyPaginatorProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** The lobby paginator (GAMES-12): first and last 2 pages, 5 around the current one; hidden for a single page. */
export function LobbyPaginator({ page, totalPages, onPage }: LobbyPaginatorProps) {
  const { t } = useTranslation('games');
  const landmark = useRef<HTMLElement>(null);
  // react-paginate 8 hard-codes role="navigation" and an English label on its <ul>, which hides the list from
  // assistive technology (its items are then list items outside a list); the landmark is the <nav> around it.
  useLayoutEffect(() => {
    const list = landmark.current?.querySelector('ul');
    list?.removeAttribute('role');
    list?.removeAttribute('aria-label');
  });
  if (totalPages <= 1) return null;
  return (
    <nav ref={landmark} className="lobby-paginator" aria-label={t('lobby.paginator.label')}>
      <ReactPaginate
        pageCount={totalPages}
        forcePage={Math.min(page, totalPages) - 1}
        marginPagesDisplayed={PAGINATOR_MARGIN}
        pageRangeDisplayed={PAGINATOR_RANGE}
        onPageChange={({ selected }) => onPage(selected + 1)}
        previousLabel={<ChevronLeft aria-hidden size={16} />}
        nextLabel={<ChevronRight aria-hidden size={16} />}
        previousAriaLabel={t('lobby.paginator.previous')}
        nextAriaLabel={t('lobby.paginator.next')}
        breakLabel="…"
        breakAriaLabels={{ forward: t('lobby.paginator.jumpForward'), backward: t('lobby.paginator.jumpBackward') }}
        ariaLabelBuilder={(pageNumber, selectedPage) =>
          selectedPage ? t('lobby.paginator.currentPage', { page: pageNumber }) : t('lobby.paginator.page', { page: pageNumber })
        }
        containerClassName="lobby-paginator__list"
        pageLinkClassName="lobby-paginator__link"
        previousLinkClassName="lobby-paginator__link lobby-paginator__step"
        nextLinkClassName="lobby-paginator__link lobby-paginator__step"
        breakLinkClassName="lobby-paginator__link lobby-paginator__break"
        activeLinkClassName="is-active"
        disabledClassName="is-disabled"
        renderOnZeroPageCount={null}
      />
    </nav>
  );
}
