import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../../utils/cn.ts';

export const inputClasses = (invalid?: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-brand-600 focus:border-brand-600',
    'disabled:bg-slate-50 disabled:text-slate-500',
    invalid ? 'border-red-400' : 'border-slate-300',
  );

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ invalid, className, ...rest }: InputProps) {
  return <input aria-invalid={invalid || undefined} className={cn(inputClasses(invalid), 'h-10', className)} {...rest} />;
}

export interface FieldProps extends Omit<InputProps, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Marks the label as required (visual); pass `required` for the browser too. */
  optional?: boolean;
  id?: string;
}

/** Label + input + hint + error, wired with aria-describedby. */
export function Field({ label, error, hint, optional, id, className, invalid, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 flex items-baseline justify-between text-sm font-medium text-slate-800">
        <span>{label}</span>
        {optional && <span className="text-xs font-normal text-slate-500">Optional</span>}
      </label>
      <Input id={inputId} invalid={invalid || !!error} aria-describedby={cn(hintId, errorId) || undefined} {...input} />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
