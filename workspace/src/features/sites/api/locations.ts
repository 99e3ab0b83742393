/** Countries and their languages (docs/data-model.md#calls location_countries, location_languages). */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const getCountries = () =>
  request((db) => db.from('location_countries').select('id, country_name, country_code').order('country_name', { ascending: true }));

export const getLanguages = (countryId: number) =>
  request((db) =>
    db
      .from('location_languages')
      .select('id, language_name, language_code, linked_country')
      .eq('linked_country', countryId)
      .order('language_name', { ascending: true }),
  );

export function useCountries(enabled = true) {
  return useQuery({ queryKey: queryKeys.locations.countries(), queryFn: getCountries, enabled, staleTime: 60 * 60 * 1000 });
}

export function useLanguages(countryId: number | null) {
  return useQuery({
    queryKey: queryKeys.locations.languages(countryId ?? 0),
    queryFn: () => getLanguages(countryId as number),
    enabled: countryId !== null,
    staleTime: 60 * 60 * 1000,
  });
}
