/** Spec section 3: press release, media kit item and award. */
export type PressRelease = { date: string; title: string; excerpt: string; category: string };

export const PRESS_RELEASES: readonly PressRelease[] = [
  {
    date: 'January 15, 2025',
    title: 'CommonGround Introduces Amy Event Analysis for Community Managers',
    excerpt:
      'Amy now explains which events work, month by month, so managers can plan programs residents attend.',
    category: 'Product',
  },
  {
    date: 'November 4, 2024',
    title: 'CommonGround Passes SOC 2 Type II Audit',
    excerpt:
      'An independent audit confirms the security, availability and confidentiality controls that protect community data.',
    category: 'Security',
  },
  {
    date: 'September 12, 2024',
    title: 'CommonGround Raises Series A to Bring Amenity Intelligence to More Communities',
    excerpt:
      'The funding expands the engineering and customer success teams and the network of IoT sensor partners.',
    category: 'Company',
  },
  {
    date: 'June 3, 2024',
    title: 'Communities Using CommonGround Report 45% Fewer Fee Disputes',
    excerpt:
      'A year of customer data shows how transparent usage reports change the conversation about community fees.',
    category: 'Research',
  },
];

export type Award = { year: number; award: string; category: string; organization: string };

export const AWARDS: readonly Award[] = [
  {
    year: 2024,
    award: 'PropTech Innovation Award',
    category: 'Community Technology',
    organization: 'Real Estate Technology Forum',
  },
  {
    year: 2024,
    award: 'Best AI Application',
    category: 'Property Management',
    organization: 'Smart Communities Summit',
  },
  {
    year: 2023,
    award: 'Emerging Company of the Year',
    category: 'HOA Services',
    organization: 'Community Management Leaders Network',
  },
];

export type MediaKitItem = { item: string; description: string; file: string };

export const MEDIA_KIT: readonly MediaKitItem[] = [
  {
    item: 'Logo Pack',
    description: 'The CommonGround logo in color, black and white, as SVG and PNG.',
    file: 'CommonGround-Logo-Pack.zip',
  },
  {
    item: 'Product Screenshots',
    description: 'High-resolution dashboard, analytics and Amy screenshots on phone and desktop.',
    file: 'CommonGround-Screenshots.zip',
  },
  {
    item: 'Company Fact Sheet',
    description: 'Founding story, figures, customers and leadership on one page.',
    file: 'CommonGround-Fact-Sheet.pdf',
  },
  {
    item: 'Brand Guidelines',
    description: 'Colours, typography and how to use the CommonGround name and logo.',
    file: 'CommonGround-Brand-Guidelines.pdf',
  },
];
