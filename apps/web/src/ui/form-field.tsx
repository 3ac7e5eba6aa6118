import { type InputHTMLAttributes, type Ref, useId } from 'react';
import styles from './form-field.module.css';
import { ErrorIcon } from './icons';
import { useWideForm } from './use-media-query';

export type WideSide = 'left' | 'right';
export type NarrowSide = 'above' | 'below';
export type ErrorPlacement = WideSide | NarrowSide;

/** Beside the field on wide screens, above or below it on narrow ones (spec section 5). */
export function useErrorPlacement(side: WideSide, narrow: NarrowSide): ErrorPlacement {
  return useWideForm() ? side : narrow;
}

export function FieldError({
  id,
  message,
  placement,
}: {
  id: string;
  message: string;
  placement: ErrorPlacement;
}) {
  return (
    <div id={id} className={`${styles.error} ${styles[placement]}`} data-placement={placement}>
      {message}
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** The field's accessible name, also its placeholder. */
  label: string;
  /** The message to show; the form passes it only once the field is touched or submitted. */
  error?: string | undefined;
  side?: WideSide;
  narrow?: NarrowSide;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  side = 'left',
  narrow = 'below',
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  const placement = useErrorPlacement(side, narrow);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const errorBox = error ? <FieldError id={errorId} message={error} placement={placement} /> : null;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      {placement === 'above' && errorBox}
      <div className={styles.control}>
        <input
          id={inputId}
          aria-label={label}
          placeholder={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={error ? `${styles.input} ${styles.invalid}` : styles.input}
          {...inputProps}
        />
        {error && <ErrorIcon className={styles.icon} />}
        {(placement === 'left' || placement === 'right') && errorBox}
      </div>
      {placement === 'below' && errorBox}
    </div>
  );
}
