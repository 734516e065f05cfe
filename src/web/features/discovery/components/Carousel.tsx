import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';

import { useBrowserStore } from '@/lib/browser-store.js';
import { CAROUSEL_BREAKPOINTS_PX, CAROUSEL_CHANGE_PAUSE_MS, CAROUSEL_INTERVAL_MS } from '@domain/discovery/constants.js';

/** A horizontal swipe at least this long changes the slide. */
const SWIPE_MIN_PX = 40;
const SECOND_MS = 1_000;

/** Items per slide by viewport width: 1 under 575 px, 2 under 992 px, otherwise 3. */
export function itemsPerSlide(width: number): number {
  if (width < CAROUSEL_BREAKPOINTS_PX.one) return 1;
  if (width < CAROUSEL_BREAKPOINTS_PX.two) return 2;
  return 3;
}

/** Items grouped into slides; the last slide is padded by repeating items from the start (never within one slide). */
export function slidesOf<T>(items: readonly T[], perSlide: number): T[][] {
  const slides: T[][] = [];
  for (let start = 0; start < items.length; start += perSlide) {
    const slide = items.slice(start, start + perSlide);
    for (let pad = 0; slide.length < perSlide && items.length > perSlide; pad += 1) slide.push(items[pad]!);
    slides.push(slide);
  }
  return slides;
}

/**
 * The server cannot know the window: it lays carousels out for a desktop one, and the browser adjusts
 * right after hydration. Until then the stylesheet shows of the desktop slide only as many items as
 * the window's slide will hold (discovery.css, at CAROUSEL_BREAKPOINTS_PX), so nothing moves when it does.
 */
const SERVER_VIEWPORT_WIDTH = 1280;

const viewportWidth = () => window.innerWidth;

function subscribeToResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

function useViewportWidth(): number {
  return useBrowserStore(subscribeToResize, viewportWidth, SERVER_VIEWPORT_WIDTH);
}

interface CarouselProps<T> {
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * Auto-advances every 5 s with a visible countdown, arrows, touch swipe and wrap-around. The
 * countdown restarts at 5 after every slide change, pausing 100 ms while the slide changes.
 */
export function Carousel<T>({ label, items, itemKey, renderItem }: CarouselProps<T>) {
  const slides = slidesOf(items, itemsPerSlide(useViewportWidth()));
  const [current, setCurrent] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(CAROUSEL_INTERVAL_MS / SECOND_MS);
  const [changing, setChanging] = useState(false);
  const touchStartX = useRef<number | null>(null);
  const slideIndex = slides.length === 0 ? 0 : current % slides.length;

  function show(index: number) {
    if (slides.length === 0) return;
    setChanging(true);
    setCurrent(((index % slides.length) + slides.length) % slides.length);
    setSecondsLeft(CAROUSEL_INTERVAL_MS / SECOND_MS);
  }

  useEffect(() => {
    if (!changing) return;
    const pause = window.setTimeout(() => setChanging(false), CAROUSEL_CHANGE_PAUSE_MS);
    return () => window.clearTimeout(pause);
  }, [changing]);

  useEffect(() => {
    if (slides.length < 2 || changing) return;
    const tick = window.setTimeout(() => {
      if (secondsLeft > 1) setSecondsLeft(secondsLeft - 1);
      else show(slideIndex + 1);
    }, SECOND_MS);
    return () => window.clearTimeout(tick);
  });

  function onTouchEnd(event: TouchEvent) {
    const start = touchStartX.current;
    touchStartX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
    show(end < start ? slideIndex + 1 : slideIndex - 1);
  }

  const slide = slides[slideIndex] ?? [];
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onTouchStart={(event) => (touchStartX.current = event.touches[0]?.clientX ?? null)}
      onTouchEnd={onTouchEnd}
    >
      <div className="carousel__viewport">
        {slides.length > 1 && (
          <button
            type="button"
            className="carousel__arrow carousel__arrow--prev"
            aria-label="Previous slide"
            onClick={() => show(slideIndex - 1)}
          >
            ‹
          </button>
        )}
        <ul className="carousel__slide" aria-live="off">
          {slide.map((item, index) => (
            <li key={`${itemKey(item)}-${index}`}>{renderItem(item)}</li>
          ))}
        </ul>
        {slides.length > 1 && (
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            aria-label="Next slide"
            onClick={() => show(slideIndex + 1)}
          >
            ›
          </button>
        )}
      </div>
      {slides.length > 1 && (
        <p className="carousel__countdown muted" aria-hidden="true">
          {secondsLeft}s until next slides
        </p>
      )}
    </div>
  );
}
