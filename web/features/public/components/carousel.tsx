import { useEffect, useId, useRef, useState, useSyncExternalStore, type FocusEvent, type PointerEvent } from 'react';
import type { CarouselImage } from '../../../../contract/festival';
import './carousel.css';

// docs/behaviour.md#constants-and-limits: a new slide every 5 seconds; a swipe counts beyond 40 px.
export const CAROUSEL_INTERVAL_MS = 5_000;
export const SWIPE_THRESHOLD_PX = 40;
// The drawings' own size: the width and height attributes reserve their box before they load.
const IMAGE_WIDTH = 960;
const IMAGE_HEIGHT = 540;

// The previous and next buttons: the same button, one slide back or on.
const STEPS = [
  { side: 'prev', by: -1, label: 'Previous slide', glyph: '‹' },
  { side: 'next', by: 1, label: 'Next slide', glyph: '›' },
] as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the person has asked their system for less motion; follows the setting live. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

interface CarouselProps {
  images: CarouselImage[];
  /** Names the carousel for assistive technology, e.g. 'Porchfest 2025 photos'. */
  label: string;
}

/**
 * The home page's slide show, after the WAI-ARIA Authoring Practices' carousel pattern: a
 * rotation button first, labelled slides, previous/next buttons and one button per slide. It
 * turns every 5 seconds, pauses while the pointer is over it or focus is in it, never turns by
 * itself for someone who asks for reduced motion (they can start it), and follows a horizontal
 * swipe of more than 40 px by touch, pen or mouse. Only the first image loads with the page.
 */
export function Carousel({ images, label }: CarouselProps) {
  const id = useId();
  const count = images.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  // The person's own choice from the rotation button, once made, wins over the system setting.
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  const rotating = playing && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!rotating) return;
    // Restarted on every slide change, so a slide chosen by hand also gets its full 5 seconds.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const show = (next: number) => setIndex(((next % count) + count) % count);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // Mostly sideways and further than the threshold: a swipe, not a tap or a scroll.
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) show(dx < 0 ? index + 1 : index - 1);
  };

  if (count === 0) return null;
  return (
    <section
      className="porch-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* The rotation button comes first in the tab order (APG carousel pattern). */}
      <div className="porch-carousel-controls">
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setChoice(!playing)}>
          {playing ? 'Pause slide show' : 'Play slide show'}
        </button>
        <div className="porch-carousel-picker" role="group" aria-label="Choose a slide">
          {images.map((image, i) => (
            <button
              key={image.src}
              type="button"
              className="porch-carousel-dot"
              aria-controls={`${id}-slides`}
              aria-label={`Slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
      </div>
      <div
        className="porch-carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        {/* Announces a slide chosen by hand, not each automatic turn (APG carousel pattern). */}
        <div id={`${id}-slides`} className="porch-carousel-slides" aria-live={rotating ? 'off' : 'polite'}>
          {images.map((image, i) => (
            <div
              key={image.src}
              className="porch-carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              hidden={i !== index}
            >
              <img
                src={image.src}
                alt={image.alt}
                width={IMAGE_WIDTH}
                height={IMAGE_HEIGHT}
                // The first slide is what the page is judged by (LCP): fetch it at once, the rest when shown.
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
                draggable={false}
              />
            </div>
          ))}
        </div>
        {STEPS.map((step) => (
          <button
            key={step.side}
            type="button"
            className={`porch-carousel-step porch-carousel-${step.side}`}
            aria-controls={`${id}-slides`}
            aria-label={step.label}
            onClick={() => show(index + step.by)}
          >
            <span aria-hidden="true">{step.glyph}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
