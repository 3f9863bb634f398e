import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, DEFAULT_AVATAR } from '@client/components/avatar';
import { GameTile } from '@client/components/game-tile';
import { GAME_ART_FALLBACK } from '@client/features/games/vendor-logo';

const imageIn = (container: HTMLElement) => container.querySelector('img')!;

describe('broken images give way to a default image (ERR-25)', () => {
  it('[ERR-25] an avatar shows its image, and the default avatar when the image fails to load', () => {
    const { container } = render(<Avatar name="Luna" imageUrl="/static/models/luna.png" />);
    expect(imageIn(container)).toHaveAttribute('src', '/static/models/luna.png');
    fireEvent.error(imageIn(container));
    expect(imageIn(container)).toHaveAttribute('src', DEFAULT_AVATAR);
    expect(imageIn(container)).toHaveAttribute('data-fallback', 'true');
    // The default failing too is not retried in a loop.
    fireEvent.error(imageIn(container));
    expect(imageIn(container)).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('[ERR-25] a new image after a broken one is tried again', () => {
    const { container, rerender } = render(<Avatar name="Luna" imageUrl="/broken.png" />);
    fireEvent.error(imageIn(container));
    expect(imageIn(container)).toHaveAttribute('src', DEFAULT_AVATAR);
    rerender(<Avatar name="Luna" imageUrl="/static/models/luna-2.png" />);
    expect(imageIn(container)).toHaveAttribute('src', '/static/models/luna-2.png');
  });

  it('[ERR-25] an avatar without an image is the initial, with no image to break', () => {
    const { container } = render(<Avatar name="kai" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.avatar')).toHaveAttribute('data-initial', 'K');
  });

  it('[ERR-25] the default avatar is a file the site serves', async () => {
    const fs = await import('node:fs');
    expect(fs.readFileSync(`public${DEFAULT_AVATAR}`, 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
  });

  it('[ERR-25] a game tile whose image fails to load shows the default game image', () => {
    const { container } = render(<GameTile name="Fortune Ox" imageUrl="/static/games/missing.png" fallbackImageUrl={GAME_ART_FALLBACK} />);
    expect(imageIn(container)).toHaveAttribute('src', '/static/games/missing.png');
    fireEvent.error(imageIn(container));
    expect(imageIn(container)).toHaveAttribute('src', GAME_ART_FALLBACK);
    expect(imageIn(container)).not.toHaveClass('is-broken');
  });

  it('[ERR-25] a game tile without a default image hides a broken one', () => {
    const { container } = render(<GameTile name="Fortune Ox" imageUrl="/static/games/missing.png" />);
    fireEvent.error(imageIn(container));
    expect(imageIn(container)).toHaveClass('is-broken');
  });
});
