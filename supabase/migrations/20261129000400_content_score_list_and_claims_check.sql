-- The content score in the page list and before approving (issue 29, docs/article-engine.md):
--   * the page list sorts by pages.content_score (the latest version's score, kept by the
--     article engine's trigger), unscored pages last in both directions: an index per site like
--     the other sortable columns (name, url, date_modified);
--   * get_version_claims_check(p_version_id): how many of a version's cited sentences the worker
--     found unsupported by their source, for the review panel of /view to say so before the
--     client approves. Whoever holds the review link may call it (the link is the capability, as
--     for approve_version); it answers counts only, never the claims' passages, and null for an
--     unknown version.

create index pages_site_content_score_idx on public.pages (site, content_score desc nulls last, id desc);

create function public.get_version_claims_check(p_version_id uuid) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_claims jsonb;
  v_found boolean;
begin
  select v.claims, true into v_claims, v_found from public.pages_versions v where v.id = p_version_id;
  if v_found is null then
    return null;
  end if;
  return json_build_object(
    'checked', v_claims is not null,
    'claims', coalesce(jsonb_array_length(v_claims), 0),
    'unsupported', coalesce((select count(*) from jsonb_array_elements(v_claims) c where c ->> 'supported' = 'false'), 0)
  );
end
$$;
revoke all on function public.get_version_claims_check(uuid) from public;
grant execute on function public.get_version_claims_check(uuid) to anon, authenticated, service_role;
comment on function public.get_version_claims_check(uuid) is
  'Counts of a version''s claims (checked, claims, unsupported) for the review link holder; null for an unknown version.';
