import { useId } from 'react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Icon, type IconName } from '../../ui/icons';

/** Spec section 2: three fixed, static cards. */
const INSIGHTS: readonly {
  title: string;
  description: string;
  impact: string;
  tone: BadgeTone;
  icon: IconName;
}[] = [
  {
    title: 'Great Lawn Event Optimization',
    description:
      'Weekend evenings on The Great Lawn run close to capacity. Moving one monthly event to a weekday evening would spread the crowd and free the lawn for casual use.',
    impact: 'High Impact',
    tone: 'red',
    icon: 'target',
  },
  {
    title: 'Solis Hall Popularity',
    description:
      'Workshops in Solis Hall keep filling up. Its bookings show how residents value the hall, a strong point for the next fee review.',
    impact: 'Success Story',
    tone: 'green',
    icon: 'trending',
  },
  {
    title: 'Heritage Tree Area',
    description:
      'Visits to the Heritage Tree Area are low. Check the seating and shade, and consider a small event there to bring residents back.',
    impact: 'Action Required',
    tone: 'amber',
    icon: 'alert',
  },
];

export function Insights() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Recent Insights & Recommendations" />
      <CardBody>
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
          {INSIGHTS.map((insight) => (
            <li
              key={insight.title}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
            >
              <div className="flex items-start justify-between gap-2">
                <Icon
                  name={insight.icon}
                  className="h-5 w-5 shrink-0 text-slate-600 dark:text-slate-300"
                />
                <Badge tone={insight.tone}>{insight.impact}</Badge>
              </div>
              <h3 className="mt-2 font-semibold">{insight.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {insight.description}
              </p>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
