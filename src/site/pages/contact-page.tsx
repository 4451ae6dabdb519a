import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { buttonClasses } from '../../ui/button';
import { EMAILS } from '../content/company';
import { CONTACT_FORM_ID, contactHref } from '../content/contact-links';
import {
  CONTACT_CATEGORIES,
  CONTACT_HERO,
  OFFICES,
  PLAN_OPTIONS,
  ROLE_OPTIONS,
  TOPIC_OPTIONS,
} from '../content/contact';
import { SUPPORT } from '../content/service-terms';
import { ISLAND } from '../islands/dom-contract';
import type { ContactField } from '../islands/contact-form';
import { CONTAINER, IconTile, PageHero, PANEL, Section } from '../components/blocks';
import { Glyph } from '../components/glyph';
import { SiteLayout } from '../components/site-layout';

const INPUT =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:aria-[invalid=true]:border-red-400';

function Field({
  name,
  label,
  required = false,
  className,
  children,
}: {
  name: ContactField;
  label: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label
        htmlFor={`contact-${name}`}
        className="mb-1 block text-sm font-medium text-slate-900 dark:text-white"
      >
        {label}
        {required ? (
          <span className="text-red-700 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      <p
        id={`contact-${name}-error`}
        hidden
        className="mt-1 text-sm text-red-700 dark:text-red-400"
        {...{ [ISLAND.fieldError]: name }}
      />
    </div>
  );
}

function describedBy(name: ContactField) {
  return `contact-${name}-error`;
}

function ContactForm() {
  return (
    <form
      id={CONTACT_FORM_ID}
      aria-labelledby="contact-form-title"
      action={`mailto:${EMAILS.hello}`}
      method="post"
      encType="text/plain"
      className={cx(PANEL, 'scroll-mt-4 p-6 sm:p-8')}
      {...{ [ISLAND.contactForm]: '' }}
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Send Us a Message
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">as required</span> are required.
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Field name="firstName" label="First name" required>
          <input
            id="contact-firstName"
            name="firstName"
            autoComplete="given-name"
            required
            aria-describedby={describedBy('firstName')}
            className={INPUT}
          />
        </Field>
        <Field name="lastName" label="Last name" required>
          <input
            id="contact-lastName"
            name="lastName"
            autoComplete="family-name"
            required
            aria-describedby={describedBy('lastName')}
            className={INPUT}
          />
        </Field>
        <Field name="email" label="Email" required>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-describedby={describedBy('email')}
            className={INPUT}
          />
        </Field>
        <Field name="company" label="Company / Community">
          <input
            id="contact-company"
            name="company"
            autoComplete="organization"
            aria-describedby={describedBy('company')}
            className={INPUT}
          />
        </Field>
        <Field name="role" label="Role">
          <select
            id="contact-role"
            name="role"
            defaultValue=""
            aria-describedby={describedBy('role')}
            className={INPUT}
          >
            <option value="">Choose your role</option>
            {ROLE_OPTIONS.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </Field>
        <Field name="topic" label="Topic">
          <select
            id="contact-topic"
            name="topic"
            defaultValue="general"
            aria-describedby={describedBy('topic')}
            className={INPUT}
          >
            {TOPIC_OPTIONS.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.label}
              </option>
            ))}
          </select>
        </Field>
        <Field name="plan" label="Plan of interest" className="sm:col-span-2">
          <select
            id="contact-plan"
            name="plan"
            defaultValue=""
            aria-describedby={describedBy('plan')}
            className={INPUT}
          >
            {PLAN_OPTIONS.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.label}
              </option>
            ))}
          </select>
        </Field>
        <Field name="message" label="Message" required className="sm:col-span-2">
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            required
            aria-describedby={`${describedBy('message')} contact-how`}
            className={INPUT}
          />
        </Field>
      </div>
      <p id="contact-how" className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        Send Message opens your own email app with this message addressed to the right team; nothing
        is sent until you send it from there. You can also write to{' '}
        <a
          href={`mailto:${EMAILS.hello}`}
          className="font-medium text-brand-800 underline dark:text-brand-100"
        >
          {EMAILS.hello}
        </a>
        .
      </p>
      <button type="submit" className={cx(buttonClasses('primary'), 'mt-4 w-full sm:w-auto')}>
        <Glyph name="mail" className="h-4 w-4" />
        Send Message
      </button>
      <p
        role="status"
        className="mt-4 text-sm text-slate-800 empty:hidden dark:text-slate-200"
        {...{ [ISLAND.contactStatus]: '' }}
      />
    </form>
  );
}

export default function ContactPage() {
  return (
    <SiteLayout path="/contact">
      <PageHero title={CONTACT_HERO.title} intro={CONTACT_HERO.intro} />

      <Section id="categories" title="How Can We Help?">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CONTACT_CATEGORIES.map((category) => (
            <li key={category.title} className={cx(PANEL, 'flex flex-col')}>
              <IconTile name={category.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {category.title}
              </h3>
              <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">
                {category.description}
              </p>
              <a
                href={`mailto:${category.email}`}
                className="mt-3 inline-flex min-h-11 items-center text-sm font-medium break-all text-brand-800 underline dark:text-brand-100"
              >
                {category.email}
              </a>
              <a
                href={contactHref({ topic: category.topic })}
                className={cx(buttonClasses('secondary'), 'mt-2')}
              >
                Use the form<span className="sr-only">: {category.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-label="Message form, offices and hours" className="pb-16">
        <div className={cx(CONTAINER, 'grid gap-8 lg:grid-cols-[2fr_1fr]')}>
          <ContactForm />
          <div className="grid content-start gap-6">
            <div className={PANEL}>
              <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
                <Glyph name="clock" className="h-5 w-5 text-brand-700 dark:text-brand-100" />
                Hours
              </h2>
              <p className="mt-2 text-slate-900 dark:text-white">{SUPPORT.hoursShort}</p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                We reply within {SUPPORT.replyWithin}.
              </p>
            </div>
            <div className={PANEL}>
              <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
                <Glyph name="mapPin" className="h-5 w-5 text-brand-700 dark:text-brand-100" />
                Offices
              </h2>
              <ul className="mt-3 grid gap-4">
                {OFFICES.map((office) => (
                  <li key={office.city}>
                    <h3 className="font-semibold text-slate-900 dark:text-white">
                      {office.city}{' '}
                      <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                        · {office.label}
                      </span>
                    </h3>
                    <address className="mt-1 text-sm text-slate-700 not-italic dark:text-slate-300">
                      {office.address}
                      {office.phone ? (
                        <>
                          <br />
                          <a
                            href={`tel:+1${office.phone.replace(/\D/g, '')}`}
                            className="inline-flex min-h-11 items-center text-brand-800 underline dark:text-brand-100"
                          >
                            {office.phone}
                          </a>
                        </>
                      ) : null}
                    </address>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
