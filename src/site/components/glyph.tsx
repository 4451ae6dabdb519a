import { PathIcon } from '../../ui/icons';
import { PAGE_ICON_PATHS } from '../../ui/page-icons';
import { SITE_GLYPHS, type GlyphName, type SiteGlyphName } from '../content/glyphs';

function isSiteGlyph(name: GlyphName): name is SiteGlyphName {
  return name in SITE_GLYPHS;
}

/**
 * One icon component for the site: the app's icons (src/ui/page-icons) plus the marketing glyphs
 * the app does not need. Decorative unless given a title, like Icon.
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
  return (
    <PathIcon
      d={isSiteGlyph(name) ? SITE_GLYPHS[name] : PAGE_ICON_PATHS[name]}
      title={title}
      className={className}
    />
  );
}
