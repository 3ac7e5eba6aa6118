import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { useLanguage } from '../i18n';
import { serverText } from '../i18n/server-text';
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
  // A form check's sentence (the contract's) shows in the app's language.
  useLanguage();
  return (
    <div id={id} className={`${styles.error} ${styles[placement]}`} data-placement={placement}>
      {serverText(message)}
    </div>
  );
}

/** What every field takes besides its control's own attributes. */
interface FieldProps {
  /** The field's accessible name, also its placeholder. */
  label: string;
  /** The message to show; the form passes it only once the field is touched or submitted. */
  error?: string | undefined;
  side?: WideSide;
  narrow?: NarrowSide;
  id?: string | undefined;
  className?: string | undefined;
}

/** The attributes the frame gives its control: its id, name, and error state and look. */
interface ControlProps {
  id: string;
  'aria-label': string;
  placeholder: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string | undefined;
}

/**
 * A field's frame: the control (drawn by `control`, with `controlClass` as its look), the error
 * icon in it, and the error bubble beside, above or below it.
 */
function Field({
  label,
  error,
  side = 'left',
  narrow = 'below',
  id,
  className,
  controlClass,
  iconClass,
  control,
}: FieldProps & {
  controlClass: string | undefined;
  iconClass: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const placement = useErrorPlacement(side, narrow);
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const errorBox = error ? <FieldError id={errorId} message={error} placement={placement} /> : null;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      {placement === 'above' && errorBox}
      <div className={styles.control}>
        {control({
          id: controlId,
          'aria-label': label,
          placeholder: label,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          className: error ? `${controlClass} ${styles.invalid}` : controlClass,
        })}
        {error && <ErrorIcon className={iconClass} />}
        {(placement === 'left' || placement === 'right') && errorBox}
      </div>
      {placement === 'below' && errorBox}
    </div>
  );
}

/** A field's own props, and the rest: its control's attributes. */
function splitField<Props extends FieldProps>({
  label,
  error,
  side,
  narrow,
  id,
  className,
  ...control
}: Props): [FieldProps, Omit<Props, keyof FieldProps>] {
  return [{ label, error, side, narrow, id, className }, control];
}

type TextFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps> & {
    ref?: Ref<HTMLInputElement>;
  };

export function TextField(props: TextFieldProps) {
  const [field, inputProps] = splitField(props);
  return (
    <Field
      {...field}
      controlClass={styles.input}
      iconClass={styles.icon}
      control={(control) => <input {...control} {...inputProps} />}
    />
  );
}

type TextAreaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldProps> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

/** TextField's look and error bubble for text of several lines. */
export function TextAreaField(props: TextAreaFieldProps) {
  const [field, textareaProps] = splitField(props);
  return (
    <Field
      {...field}
      controlClass={`${styles.input} ${styles.textarea}`}
      iconClass={`${styles.icon} ${styles.textareaIcon}`}
      control={(control) => <textarea {...control} {...textareaProps} />}
    />
  );
}
