/**
 * The brand wordmark, in the dark-theme and light-theme artwork; CSS shows the one for <html data-theme>.
 * The artwork's sizes (wordmark 196x44, mark 64x64) give each image its aspect ratio before it loads.
 */
export function BrandLogo({ className = 'logo__image', compactOnPhone = false }: { className?: string; compactOnPhone?: boolean }) {
  return (
    <>
      {(['dark', 'light'] as const).map((theme) => (
        <picture key={theme} className={`logo__picture logo__picture--${theme}`}>
          {compactOnPhone && <source media="(max-width: 520px)" srcSet="/static/brand/mark.svg" width={64} height={64} />}
          <img src={theme === 'dark' ? '/static/brand/logo.svg' : '/static/brand/logo-light.svg'} alt="" className={className} width={196} height={44} />
        </picture>
      ))}
    </>
  );
}
