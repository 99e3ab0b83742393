// Seeds one site with N pages (keywords, 3 SERP rows each, one LLM answer) for the benchmark.
// The inserts go through the triggers that keep pages.serp_results_count and
// pages.llm_answers_count (no bypass): each bulk insert is one statement, so the triggers
// run once per table; the counts are checked before the benchmark starts.
import pg from 'pg';

export async function seedBenchSite(databaseUrl, userId, pages) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    const { rows: [site] } = await c.query(
      `insert into public.sites (name, url, country, linked_user) values ('Bench site', 'https://bench.example.com',
        (select id from public.location_countries order by id limit 1), $1) returning id`,
      [userId],
    );
    await c.query(
      `insert into public.pages (site, name, url, status, creator, date_created, date_modified)
       select $1, 'Page ' || g, 'https://bench.example.com/p/' || g, 1 + (g % 3), $2,
              now() - make_interval(mins => g), now() - make_interval(mins => (g * 7919) % 100000)
       from generate_series(1, $3) g`,
      [site.id, userId, pages],
    );
    await c.query(`insert into public.keywords (keyword) select 'bench keyword ' || g from generate_series(1, $1) g`, [pages]);
    await c.query(
      `insert into public.pages_keywords (linked_page, linked_keyword)
       select p.id, k.id from (select id, row_number() over (order by id) rn from public.pages where site = $1) p
       join (select id, row_number() over (order by id) rn from public.keywords where keyword like 'bench keyword %') k using (rn)`,
      [site.id],
    );
    await c.query(
      `insert into public.serps (linked_keyword, site, own_site, position_absolute, title, url, meta_description, type)
       select pk.linked_keyword, $1, s = 1, s, 'Result ' || s, 'https://r.example/' || s, 'Meta', 'organic'
       from public.pages_keywords pk join public.pages p on p.id = pk.linked_page and p.site = $1, generate_series(1, 3) s`,
      [site.id],
    );
    await c.query(
      `insert into public.pages_llm_answers (linked_page, linked_llm, answer)
       select p.id, (select id from public.llms order by id limit 1), 'Answer for ' || p.name from public.pages p where p.site = $1`,
      [site.id],
    );
    const { rows: [wrong] } = await c.query(
      `select count(*)::int as n from public.pages where site = $1 and (serp_results_count <> 3 or llm_answers_count <> 1)`,
      [site.id],
    );
    if (wrong.n !== 0) throw new Error(`bench seed: ${wrong.n} pages with wrong stored counts`);
    await c.query('commit');
    // Steady state: autovacuum would have vacuumed these fresh tables within a minute
    // (visibility map set, so the exact count can be an index-only scan) and analysed them.
    await c.query('vacuum (analyze) public.pages, public.keywords, public.pages_keywords, public.serps, public.pages_llm_answers');
    return site.id;
  } finally {
    await c.end();
  }
}
