import { useLayoutEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Everything but the size, which the wrapper takes from its container. */
export type ChartOptions = Omit<Options, 'width' | 'height'>;

type UPlotChartProps = {
  /** Read once, when the plot is created. Make formatters read refs/getters for live values. */
  options: ChartOptions;
  data: AlignedData;
  height: number;
  /** The hovered or touched point index, or null when the cursor leaves the plot. */
  onCursor?: (index: number | null) => void;
  /** Changing it repaints (e.g. the theme changed, so the axis colours did too). */
  repaintKey?: unknown;
  className?: string;
};

/**
 * The one owner of a uPlot instance (docs/architecture.md, "Add a chart"): created once, `setData` when the
 * data changes, `setSize` from a ResizeObserver, `destroy` on unmount. Layout effects, so the
 * plot is drawn before the browser paints and nothing flashes.
 */
export function UPlotChart({
  options,
  data,
  height,
  onCursor,
  repaintKey,
  className,
}: UPlotChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const optionsRef = useRef(options);
  const dataRef = useRef(data);
  const heightRef = useRef(height);
  const onCursorRef = useRef(onCursor);

  useLayoutEffect(() => {
    onCursorRef.current = onCursor;
  }, [onCursor]);

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const base = optionsRef.current;
    const plot = new uPlot(
      {
        ...base,
        width: Math.max(1, Math.floor(container.clientWidth)),
        height: heightRef.current,
        hooks: {
          ...base.hooks,
          setCursor: [
            ...(base.hooks?.setCursor ?? []),
            (u) => onCursorRef.current?.(u.cursor.idx ?? null),
          ],
        },
      },
      dataRef.current,
      container,
    );
    plotRef.current = plot;

    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (width > 0 && width !== plot.width) {
        plot.setSize({ width, height: heightRef.current });
      }
    });
    observer.observe(container);
    const detachTouch = attachTouchCursor(plot);

    return () => {
      observer.disconnect();
      detachTouch();
      plot.destroy();
      plotRef.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    dataRef.current = data;
    const plot = plotRef.current;
    if (plot && plot.data !== data) plot.setData(data);
  }, [data]);

  useLayoutEffect(() => {
    const plot = plotRef.current;
    if (!plot || heightRef.current === height) return;
    heightRef.current = height;
    plot.setSize({ width: plot.width, height });
  }, [height]);

  useLayoutEffect(() => {
    // Recalculate the axes too: their labels and colours may be what changed.
    plotRef.current?.redraw(false, true);
  }, [repaintKey]);

  return <div ref={containerRef} className={className} />;
}

/**
 * uPlot follows the mouse only; on a phone, a finger on the plot moves the cursor too, so the
 * values show on touch. Passive listeners: vertical swipes still scroll the page.
 */
function attachTouchCursor(plot: uPlot): () => void {
  const over = plot.over;
  const move = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!touch) return;
    const rect = over.getBoundingClientRect();
    plot.setCursor({ left: touch.clientX - rect.left, top: touch.clientY - rect.top });
  };
  over.addEventListener('touchstart', move, { passive: true });
  over.addEventListener('touchmove', move, { passive: true });
  return () => {
    over.removeEventListener('touchstart', move);
    over.removeEventListener('touchmove', move);
  };
}
