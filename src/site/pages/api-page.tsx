import { cx } from '../../lib/cx';
import { Badge } from '../../ui/badge';
import {
  API_ENDPOINTS,
  API_TIERS,
  API_USE_CASES,
  AUTH_EXAMPLE,
  SDKS,
  tryItCommand,
} from '../content/api';
import { contactHref } from '../content/contact-links';
import {
  CheckList,
  CodeBlock,
  CtaBand,
  IconTile,
  LinkButton,
  PageHero,
  PANEL,
  Section,
} from '../components/blocks';
import { Glyph } from '../components/glyph';
import { SiteLayout } from '../components/site-layout';

const API_KEY_HREF = contactHref({ topic: 'api', about: 'an API key' });

export default function ApiPage() {
  return (
    <SiteLayout path="/api">
      <PageHero
        badge="Developer API"
        title="Build on CommonGround Amenity Data"
        intro="Bring live amenity usage, analytics, Amy’s event suggestions and reports into your own apps and workflows."
      >
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton href={API_KEY_HREF}>Get API Key</LinkButton>
          <LinkButton href="/documentation" variant="secondary">
            View Documentation
          </LinkButton>
        </div>
      </PageHero>

      <Section
        id="authentication"
        title="Authentication"
        intro="Every request carries your API key as a bearer token in the Authorization header."
      >
        <div className="mx-auto max-w-3xl">
          <CodeBlock code={AUTH_EXAMPLE} />
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            Keep keys secret: use them from your server, never in a resident-facing app.
          </p>
        </div>
      </Section>

      <Section
        id="endpoints"
        tone="white"
        title="Endpoints"
        intro="Try It shows the request to run with your own key."
      >
        <ul className="mx-auto grid max-w-4xl gap-4">
          {API_ENDPOINTS.map((endpoint) => (
            <li key={`${endpoint.method} ${endpoint.endpoint}`} className={PANEL}>
              <div className="flex flex-wrap items-center gap-3">
                <Badge tone={endpoint.method === 'GET' ? 'blue' : 'green'}>{endpoint.method}</Badge>
                <h3 className="font-mono text-sm font-semibold break-all text-slate-900 dark:text-white">
                  {endpoint.endpoint}
                </h3>
              </div>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{endpoint.description}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                <span className="font-medium">Response:</span> {endpoint.response}
              </p>
              <details className="mt-3">
                <summary
                  className={cx(
                    'inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden',
                  )}
                >
                  <Glyph name="code" className="h-4 w-4" />
                  Try It
                  <span className="sr-only">
                    : {endpoint.method} {endpoint.endpoint}
                  </span>
                </summary>
                <div className="mt-3">
                  <CodeBlock code={tryItCommand(endpoint)} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="sdks"
        title="SDKs"
        intro="Official client libraries for the languages our customers use."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SDKS.map((sdk) => (
            <li key={sdk.language} className={PANEL}>
              <h3 className="font-semibold text-slate-900 dark:text-white">{sdk.language}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{sdk.description}</p>
              <code className="mt-3 block rounded-md bg-slate-100 px-3 py-2 text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                {sdk.install}
              </code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="use-cases" tone="white" title="Use Cases">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {API_USE_CASES.map((useCase) => (
            <li key={useCase.title} className={PANEL}>
              <IconTile name={useCase.icon} />
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{useCase.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {useCase.description}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="tiers" title="API Tiers">
        <ul className="grid gap-6 lg:grid-cols-3">
          {API_TIERS.map((tier) => (
            <li key={tier.name} className={cx(PANEL, 'flex flex-col')}>
              <h3 className="text-xl font-bold text-slate-900 dark:text-white">{tier.name}</h3>
              <p className="mt-2 text-3xl font-bold text-brand-800 dark:text-brand-100">
                {tier.price}
              </p>
              <dl className="mt-4 grid gap-1 text-sm">
                <div className="flex justify-between gap-2 border-t border-slate-200 pt-2 dark:border-slate-800">
                  <dt className="text-slate-600 dark:text-slate-400">Calls</dt>
                  <dd className="font-medium text-slate-900 dark:text-white">{tier.calls}</dd>
                </div>
                <div className="flex justify-between gap-2 border-t border-slate-200 pt-2 dark:border-slate-800">
                  <dt className="text-slate-600 dark:text-slate-400">Rate limit</dt>
                  <dd className="font-medium text-slate-900 dark:text-white">{tier.rate}</dd>
                </div>
              </dl>
              <div className="mt-4 flex-1">
                <CheckList items={tier.features} />
              </div>
              <LinkButton
                href={contactHref({ topic: 'api', about: `the ${tier.name} API tier` })}
                variant={tier.name === 'Professional' ? 'primary' : 'secondary'}
                className="mt-6"
              >
                {tier.name === 'Enterprise' ? 'Contact Sales' : 'Get API Key'}
                <span className="sr-only">: {tier.name} tier</span>
              </LinkButton>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand title="Start Building Today" intro="Read the guides, then ask for your key.">
        <LinkButton href="/documentation" variant="inverse">
          View Documentation
        </LinkButton>
        <LinkButton href={API_KEY_HREF} variant="inverse-outline">
          Get API Key
        </LinkButton>
      </CtaBand>
    </SiteLayout>
  );
}
