import { Icon } from '../../ui/icons';
import { SITE_GLYPHS, type GlyphName, type SiteGlyphName } from '../content/glyphs';

function isSiteGlyph(name: GlyphName): name is SiteGlyphName {
  return name in SITE_GLYPHS;
}

/**
 * One icon component for the site: the app's icons (src/ui/icons) plus the marketing glyphs the
 * app does not need. Decorative unless given a title, like Icon.
 */
export function Glyph({
  name,
  title,
  className = 'h-5 w-5',
}: {
  name: GlyphName;
  title?: string;
  className?: string;
}) {
  if (!isSiteGlyph(name)) return <Icon name={name} title={title} className={className} />;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path d={SITE_GLYPHS[name]} />
    </svg>
  );
}
