import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { SelectField, TextField } from './form';

/**
 * The country of a mobile number (AUTH-32): the countries of GET /wps/system/countryCodes, sent as
 * `countryDialingCode`. Without the list the code is typed.
 */
export function CountryCodeField({ defaultValue, label }: { defaultValue?: string | null; label: string }) {
  const { t } = useTranslation('common');
  const countries = useApiQuery('countryCodes');
  if (countries.isError) return <TextField name="countryDialingCode" label={label} defaultValue={defaultValue ?? ''} inputMode="tel" autoComplete="tel-country-code" />;
  return (
    // Remounted once the list is in, so the remembered code is selected among real options.
    <SelectField key={countries.isPending ? 'loading' : 'ready'} name="countryDialingCode" label={label} defaultValue={defaultValue ?? undefined} disabled={countries.isPending} autoComplete="tel-country-code">
      {countries.isPending ? (
        <option value="">{t('loading')}</option>
      ) : (
        countries.data.map((country) => (
          <option key={country.countryCode} value={country.countryDialingCode}>
            +{country.countryDialingCode} {country.name}
          </option>
        ))
      )}
    </SelectField>
  );
}
