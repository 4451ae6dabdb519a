/**
 * Company facts shared by every public page. The spec gives no domain, addresses or handles: these
 * are the site's sample values, kept in one place so a deployment changes them once.
 */
export const COMPANY_NAME = 'CommonGround';
export const COMPANY_DOMAIN = 'commonground.app';
export const COPYRIGHT_YEAR = 2024;

export const EMAILS = {
  hello: `hello@${COMPANY_DOMAIN}`,
  sales: `sales@${COMPANY_DOMAIN}`,
  support: `support@${COMPANY_DOMAIN}`,
  partners: `partners@${COMPANY_DOMAIN}`,
  press: `press@${COMPANY_DOMAIN}`,
  careers: `careers@${COMPANY_DOMAIN}`,
  security: `security@${COMPANY_DOMAIN}`,
  privacy: `privacy@${COMPANY_DOMAIN}`,
  legal: `legal@${COMPANY_DOMAIN}`,
  developers: `developers@${COMPANY_DOMAIN}`,
  community: `community@${COMPANY_DOMAIN}`,
} as const;

/** Fictional numbers from the 555-01xx range reserved for examples. */
export const PHONES = {
  main: '(949) 555-0142',
  enterpriseSupport: '(949) 555-0178',
} as const;

export const HEADQUARTERS = '2102 Business Center Drive, Suite 220, Irvine, CA 92612';

export type SocialLink = {
  network: 'linkedin' | 'x' | 'facebook' | 'youtube';
  label: string;
  href: string;
};

export const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    network: 'linkedin',
    label: 'CommonGround on LinkedIn',
    href: 'https://www.linkedin.com/company/commonground-hoa',
  },
  { network: 'x', label: 'CommonGround on X', href: 'https://x.com/commongroundhoa' },
  {
    network: 'facebook',
    label: 'CommonGround on Facebook',
    href: 'https://www.facebook.com/commongroundhoa',
  },
  {
    network: 'youtube',
    label: 'CommonGround on YouTube',
    href: 'https://www.youtube.com/@commongroundhoa',
  },
];
