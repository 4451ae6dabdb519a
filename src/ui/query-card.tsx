import { useId, type ReactNode, type Ref } from 'react';
import { Card, CardBody, CardHeader } from './card';
import { QueryState, type QueryStateProps } from './query-state';

type QueryCardProps<T> = QueryStateProps<T> & {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  bodyClassName?: string;
  ref?: Ref<HTMLElement>;
};

/**
 * A card that shows one query: its heading (the card's accessible name) and the query's life
 * (skeleton, data with its freshness, empty, error) from QueryState.
 */
export function QueryCard<T>({
  title,
  description,
  actions,
  className,
  bodyClassName,
  ref,
  ...state
}: QueryCardProps<T>) {
  const headingId = useId();
  return (
    <Card ref={ref} aria-labelledby={headingId} className={className}>
      <CardHeader id={headingId} title={title} description={description} actions={actions} />
      <CardBody className={bodyClassName}>
        <QueryState {...state} />
      </CardBody>
    </Card>
  );
}
