import { COMPANY_NAME, EMAILS, HEADQUARTERS } from './company';
import { BILLING, LEGAL, RELIABILITY, SUPPORT } from './service-terms';

/** A section of a legal document: readable prose, with an optional list after the paragraphs. */
export type LegalSection = {
  id: string;
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  after?: readonly string[];
};

export type LegalDocument = {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
};

/** Spec section 2, /privacy: 11 sections, last updated January 2025. */
export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL.lastUpdated,
  intro: `This policy explains what information ${COMPANY_NAME} collects when communities, their managers and their residents use our website and platform, what we do with it, and the choices and rights you have.`,
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      paragraphs: ['We collect only what we need to run the service. It falls into three groups:'],
      list: [
        'Account information: the name, email address, role and community of each manager, board member or administrator who uses CommonGround, and the billing contact and payment details of each customer.',
        'Amenity usage data: counts of people at each amenity from IoT occupancy sensors and, where a community enables it, anonymous mobile location signals. We count visits; we do not identify the people making them.',
        'Technical information: the browser, device, pages visited and error reports needed to keep the service secure and working, and the settings you choose in the app.',
      ],
      after: [
        'When residents write to us or join the community forum, we also keep what they send us and the name and email address they give.',
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Information',
      paragraphs: [
        'We use information to provide the dashboards, reports and event suggestions a community has asked for; to train and improve Amy on aggregated, de-identified usage patterns; to secure the service and prevent abuse; to answer support requests; to bill customers; and to send service announcements.',
        'We send marketing email only to people who asked for it, and every such email has an unsubscribe link. We do not sell personal information and we do not use it for advertising.',
      ],
    },
    {
      id: 'how-we-share-information',
      title: 'How We Share Information',
      paragraphs: [
        'A community’s data is visible to the users that community authorizes, with the roles it assigns. Beyond that, we share information only:',
      ],
      list: [
        'with service providers who host, secure, support or bill for the service on our behalf, under contracts that limit their use of it to that purpose;',
        'with integrations a community connects itself, such as property management or HOA software, to the extent the community configures;',
        'when the law requires it, or to protect the safety of people or the security of the service;',
        'with a buyer or successor if the company is sold or merged, who must honor this policy.',
      ],
    },
    {
      id: 'data-security',
      title: 'Data Security',
      paragraphs: [
        `Data is encrypted in transit and at rest. Access is role-based, administrative accounts require multi-factor authentication, and our staff access is limited, logged and reviewed. We back up data continuously, keep backups for ${RELIABILITY.backupRetention}, and can restore service in ${RELIABILITY.recoveryTime} with a recovery point ${RELIABILITY.recoveryPoint}.`,
        'If a security incident affects your information, we notify affected customers in under 2 hours, with what happened and what we are doing. Our Security page describes these measures in more detail.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      paragraphs: [
        'Wherever you live, you can ask us to exercise these rights over your personal information:',
      ],
      list: [
        'Access: get a copy of the personal information we hold about you.',
        'Correction: have inaccurate or incomplete information corrected.',
        'Deletion: have your information deleted, subject to what the law requires us to keep.',
        'Portability: receive your information in a structured, machine-readable format.',
        'Objection: object to processing based on our legitimate interests, including any marketing.',
        'Restriction: ask us to limit how we use your information while a concern is resolved.',
      ],
      after: [
        `Write to ${EMAILS.privacy}. We answer within 30 days and never charge for a reasonable request. If your community is our customer, we may pass your request to it, because it decides how its residents’ data is used.`,
      ],
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      paragraphs: [
        `We keep account and usage data for as long as a community is a customer. After a cancellation takes effect, the community has ${BILLING.exportWindow} to export its data; we then delete it. Backups containing it expire within a further ${RELIABILITY.backupRetention}.`,
        `A customer can ask us to delete its data at any time, and we do so ${RELIABILITY.deletionOnRequest}. We keep billing records as long as tax law requires.`,
      ],
    },
    {
      id: 'data-hosting',
      title: 'Data Hosting',
      paragraphs: [
        `All customer data is stored and processed in ${LEGAL.hosting}. If you use the service from elsewhere, your information is transferred to and handled in ${LEGAL.hosting} under this policy.`,
      ],
    },
    {
      id: 'cookies-and-local-storage',
      title: 'Cookies and Local Storage',
      paragraphs: [
        'The app uses a session cookie to keep you signed in. It stores your settings, such as dark mode, and an offline copy of the data you last loaded in your browser’s own storage, so that the dashboard works without a connection. You can clear these at any time in your browser.',
        'Our public website sets no advertising or tracking cookies.',
      ],
    },
    {
      id: 'childrens-privacy',
      title: 'Children’s Privacy',
      paragraphs: [
        `CommonGround is not meant for children under ${LEGAL.minimumAge}, and we do not knowingly collect personal information from them. If you believe a child under ${LEGAL.minimumAge} has given us personal information, write to us and we will delete it.`,
      ],
    },
    {
      id: 'changes-to-this-policy',
      title: 'Changes to This Policy',
      paragraphs: [
        'When we change this policy, we update the date at the top of this page. If a change is significant, we tell customers by email at least 30 days before it takes effect.',
      ],
    },
    {
      id: 'contact-us',
      title: 'Contact Us',
      paragraphs: [
        `Questions about this policy or your information: write to ${EMAILS.privacy}, or by post to ${COMPANY_NAME}, Privacy, ${HEADQUARTERS}. We reply within ${SUPPORT.replyWithin} during support hours (${SUPPORT.hours}).`,
      ],
    },
  ],
};

/** Spec section 2, /terms: 13 sections, California governing law. */
export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL.lastUpdated,
  intro: `These terms are an agreement between ${COMPANY_NAME} and the community, company or person (“you”) that uses our platform. Please read them; they explain what we provide, what we expect and how disagreements are resolved.`,
  sections: [
    {
      id: 'acceptance-of-terms',
      title: 'Acceptance of Terms',
      paragraphs: [
        'By creating an account, starting a trial or using CommonGround, you accept these terms. If you accept them on behalf of a homeowners association, management company or other organization, you confirm that you have the authority to bind it.',
      ],
    },
    {
      id: 'service-description',
      title: 'Service Description',
      paragraphs: [
        'CommonGround is an amenity intelligence platform for homeowners associations and master-planned communities. It measures amenity usage through IoT sensors and mobile location data, suggests and analyses events with the AI assistant Amy, produces usage and fee justification reports, and offers integrations and a developer API according to your plan.',
        'We improve the service continually and may change features, but we will not materially reduce the core functions of your plan during a paid term.',
      ],
    },
    {
      id: 'accounts-and-acceptable-use',
      title: 'Accounts and Acceptable Use',
      paragraphs: [
        'You are responsible for the accounts in your community: keep credentials confidential, give each person their own account, and use multi-factor authentication for administrators as required. Tell us promptly of any unauthorized use.',
        'You agree not to:',
      ],
      list: [
        'use the service to break any law or to track or identify individual residents without a lawful basis;',
        'upload malicious code or try to gain unauthorized access to the service or other customers’ data;',
        'overload the service or exceed your plan’s API limits on purpose;',
        'resell or copy the service, or use it to build a competing product.',
      ],
    },
    {
      id: 'data-ownership',
      title: 'Data Ownership',
      paragraphs: [
        'Your community’s data belongs to you. You give us the right to host, process and display it only to provide and secure the service, and to use aggregated, de-identified data that cannot identify you or any person to improve our models and products.',
        'You can export your data at any time. Our Privacy Policy explains how we handle personal information.',
      ],
    },
    {
      id: 'billing-and-cancellation',
      title: 'Billing and Cancellation',
      paragraphs: [
        `Plans are billed monthly or annually in advance; annual plans carry a ${BILLING.annualDiscountPercent}% discount. The one-time setup fee is due at the start of a paid plan. New customers may use a ${BILLING.trialDays}-day free trial with Professional features and no setup fee during the trial.`,
        `Either party may cancel with ${BILLING.cancellationNotice} written notice. After cancellation takes effect you have ${BILLING.exportWindow} to export your data. We give at least ${BILLING.priceChangeNotice} notice of any price change. ${BILLING.noRefunds}`,
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      paragraphs: [
        `${COMPANY_NAME}, Amy, the software, models, designs and documentation are ours or our licensors’, and these terms grant you only the right to use them during your subscription. Feedback you give us may be used without obligation to you.`,
      ],
    },
    {
      id: 'availability-and-support',
      title: 'Service Availability and Support',
      paragraphs: [
        `We target ${RELIABILITY.uptime} uptime, excluding announced maintenance. Our recovery time objective is ${RELIABILITY.recoveryTime} and our recovery point objective ${RELIABILITY.recoveryPoint}; backups are kept for ${RELIABILITY.backupRetention}.`,
        `Support is available ${SUPPORT.hours}. We reply within ${SUPPORT.replyWithin}, and email requests usually receive an answer in ${SUPPORT.emailResponse}. ${SUPPORT.phone}`,
      ],
    },
    {
      id: 'disclaimers-and-limitation-of-liability',
      title: 'Disclaimers and Limitation of Liability',
      paragraphs: [
        'Usage figures, forecasts and Amy’s suggestions are estimates to inform your decisions, not guarantees. Except as these terms say, the service is provided “as is” without warranties of any kind, to the extent the law allows.',
        `Neither party is liable for indirect, incidental or consequential damages, or for lost profits or data. Our total liability under these terms is capped at ${LEGAL.liabilityCapMonths} months of fees: the amount you paid us in the ${LEGAL.liabilityCapMonths} months before the claim.`,
      ],
    },
    {
      id: 'indemnification',
      title: 'Indemnification',
      paragraphs: [
        'You will defend and indemnify us against claims arising from your data or your breach of these terms. We will defend and indemnify you against claims that the service, as we provide it, infringes someone else’s intellectual property.',
      ],
    },
    {
      id: 'termination',
      title: 'Termination',
      paragraphs: [
        'We may suspend or terminate an account that seriously breaches these terms or puts the service or other customers at risk, with notice where the law and the situation allow. On termination your right to use the service ends, and the data export window described under Billing and Cancellation applies.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      paragraphs: [
        `These terms are governed by the laws of the State of ${LEGAL.governingLaw}, without regard to its conflict of law rules. Disputes will be resolved in the state or federal courts located in Orange County, ${LEGAL.governingLaw}.`,
      ],
    },
    {
      id: 'changes-to-terms',
      title: 'Changes to Terms',
      paragraphs: [
        'We may update these terms. We will tell customers of material changes at least 30 days before they take effect; continuing to use the service after that means you accept them.',
      ],
    },
    {
      id: 'contact-information',
      title: 'Contact Information',
      paragraphs: [
        `Questions about these terms: write to ${EMAILS.legal}, or by post to ${COMPANY_NAME}, Legal, ${HEADQUARTERS}.`,
      ],
    },
  ],
};
