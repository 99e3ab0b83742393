-- A paid discovery order's target keyword (20261202001000: discovery_orders.target_keyword, copied to
-- first_article_requests.target_keyword) reaches the page the staff member creates by taking the
-- request in (take_in_request, 20261130000100): the page starts with that keyword, ready for its
-- SERP search. Done by a trigger on the request's update, so take_in_request stays as it is; the
-- keyword is linked through add_page_keyword (same dictionary rules; auth.uid() is the staff
-- member, who owns the site from this transaction on). A keyword the dictionary refuses does not
-- stop the take-in: the request keeps it and the inbox shows it.
create or replace function private.first_article_request_keyword_to_page() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.page is not null and old.page is distinct from new.page and new.target_keyword is not null then
    begin
      perform public.add_page_keyword(new.page, new.target_keyword);
    exception when sqlstate '22023' or sqlstate 'P0001' then
      null;
    end;
  end if;
  return new;
end
$$;
revoke all on function private.first_article_request_keyword_to_page() from public, anon, authenticated;

drop trigger if exists first_article_request_keyword_to_page on public.first_article_requests;
create trigger first_article_request_keyword_to_page
  after update of page on public.first_article_requests
  for each row execute function private.first_article_request_keyword_to_page();
