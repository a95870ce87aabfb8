import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { AmountInput, type AmountInputProps } from './amount-input';

export interface AmountFieldProps<Values extends FieldValues, Transformed>
  extends Omit<AmountInputProps, 'value' | 'onChange' | 'onBlur' | 'name'> {
  control: Control<Values, unknown, Transformed>;
  /** The form field holding the typed text. */
  name: FieldPathByValue<Values, string>;
}

/** An AmountInput bound to a react-hook-form field (its text, blur and focus on error). */
export function AmountField<Values extends FieldValues, Transformed>({
  control,
  name,
  ...input
}: AmountFieldProps<Values, Transformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <AmountInput
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...input}
        />
      )}
    />
  );
}
