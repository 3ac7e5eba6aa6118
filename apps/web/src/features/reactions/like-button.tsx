import {
  REACTION_POPUP_DELAY_MS,
  REACTIONS,
  type Reaction,
  type ReactionSummary,
} from '@hearth/contract';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useReactMutation } from '../../api/posts';
import { useT } from '../../i18n';
import { ThumbOutlineIcon } from '../../ui/feed-icons';
import { useOutsideClick } from '../../ui/use-outside-click';
import styles from './like-button.module.css';
import { REACTION_LABELS, REACTION_NAMES, ReactionIcon } from './reaction-icon';
import { reactionsMessages as m } from './reactions.messages';

/**
 * The like button and its reaction popup (spec 'Reaction popup'). A mouse opens the popup by
 * resting on the button for 500 ms and closes it 500 ms after leaving both; a keyboard opens
 * it with the up arrow; a finger with a long press (or the context-menu gesture).
 */
export function LikeButton({ postId, reactions }: { postId: string; reactions: ReactionSummary }) {
  const t = useT();
  const react = useReactMutation();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const longPressed = useRef(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<Reaction | null>(null);
  const hintId = useId();
  const popupId = useId();
  const current = reactions.check;

  const cancelTimer = useCallback(() => clearTimeout(timer.current), []);
  const later = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), REACTION_POPUP_DELAY_MS);
  }, []);
  useEffect(() => cancelTimer, [cancelTimer]);

  const close = useCallback(() => {
    cancelTimer();
    setOpen(false);
  }, [cancelTimer]);
  useOutsideClick(wrapperRef, close, open);

  // A popup opened from the keyboard takes focus, on the member's reaction when there is one.
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const name = focusOnOpen.current;
    focusOnOpen.current = null;
    popupRef.current?.querySelector<HTMLElement>(`[data-react="${name}"]`)?.focus();
  }, [open]);

  function choose(name: Reaction) {
    close();
    react.mutate({ postId, react: name });
  }

  function openNow(focus: Reaction | null) {
    cancelTimer();
    focusOnOpen.current = focus;
    setOpen(true);
  }

  const isMouse = (event: PointerEvent) => event.pointerType === 'mouse';

  function onButtonPointerDown(event: PointerEvent) {
    if (isMouse(event)) return;
    longPressed.current = false;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      longPressed.current = true;
      setOpen(true);
    }, REACTION_POPUP_DELAY_MS);
  }

  function onButtonClick() {
    // The click that ends a long press only opened the popup.
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    close();
    react.mutate({ postId, react: current ?? 'like' });
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      openNow(current ?? 'like');
    } else if (event.key === 'Escape' && open) {
      close();
    }
  }

  function onPopupKeyDown(event: KeyboardEvent) {
    const buttons = [...(popupRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => buttons[(to + buttons.length) % buttons.length]?.focus();
    // The reactions run from the start: right to left in a right-to-left language.
    const step = document.documentElement.dir === 'rtl' ? -1 : 1;
    if (event.key === 'ArrowRight') move(index + step);
    else if (event.key === 'ArrowLeft') move(index - step);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
    else if (event.key === 'Escape' || event.key === 'ArrowDown') {
      close();
      buttonRef.current?.focus();
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }

  const label = t(current ? REACTION_LABELS[current] : m.like);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: notices focus leaving the button and its popup.
    <div
      ref={wrapperRef}
      className={styles.wrapper}
      onBlur={(event) => {
        if (open && !wrapperRef.current?.contains(event.relatedTarget as Node | null)) {
          // Focus left for good (Tab); a mouse still on the popup keeps it.
          if (event.relatedTarget) close();
        }
      }}
    >
      {open && (
        <div
          ref={popupRef}
          id={popupId}
          role="toolbar"
          aria-label={t(m.reactions)}
          className={styles.popup}
          onPointerEnter={(event) => isMouse(event) && cancelTimer()}
          onPointerLeave={(event) => isMouse(event) && later(false)}
          onKeyDown={onPopupKeyDown}
        >
          {REACTIONS.map((name) => (
            <button
              key={name}
              type="button"
              data-react={name}
              className={styles.reaction}
              aria-label={t(REACTION_NAMES[name])}
              aria-pressed={current === name}
              onClick={() => {
                choose(name);
                buttonRef.current?.focus();
              }}
            >
              <ReactionIcon react={name} size={40} />
              <span className={styles.tip} aria-hidden="true">
                {t(REACTION_LABELS[name])}
              </span>
            </button>
          ))}
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        className={styles.like}
        data-react={current ?? undefined}
        aria-pressed={current !== null}
        aria-describedby={hintId}
        aria-keyshortcuts="ArrowUp"
        aria-controls={open ? popupId : undefined}
        onPointerEnter={(event) => isMouse(event) && later(true)}
        onPointerLeave={(event) => {
          if (isMouse(event)) later(false);
          else if (!longPressed.current) cancelTimer();
        }}
        onPointerDown={onButtonPointerDown}
        onPointerUp={(event) => !isMouse(event) && !longPressed.current && cancelTimer()}
        onPointerCancel={cancelTimer}
        onContextMenu={(event) => {
          event.preventDefault();
          openNow(null);
        }}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {current ? <ReactionIcon react={current} size={18} /> : <ThumbOutlineIcon />}
        <span>{label}</span>
      </button>
      <span id={hintId} hidden>
        {t(m.hint)}
      </span>
    </div>
  );
}
