-- The SQL SQLite receives for the feed, the post cards, the profile and member search.
-- Written by src/db/sql-snapshots.test.ts; after changing a query on purpose, from the root:
--   npx vitest run --project server-sqlite --project server-postgres apps/server/src/db/sql-snapshots.test.ts -u

-- feed: first page of post ids (posts/repo feedPostIds)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a",21,"0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a"]
with "page" as materialized (
  select
    "p"."id"
  from (
    select
      "followee_id" as "id",
      "friend"
    from "follows"
    where "follower_id" = +? and "followee_id" not in (
      select
        "muted_id"
      from "mutes"
      where "muter_id" = +?
    ) and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "follows"."followee_id"
    )
    union all
    select
      cast(+? as text) as "id",
      1 as "friend"
    where not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = +?
    )
  ) as "a"
  inner join "posts" as "p" on "p"."user_id" = "a"."id"
  where ("p"."deleted_at" is null and ("p"."user_id" = +? or ( ("p"."audience" in ('public', 'members') or ("p"."audience" = 'friends' and "a"."friend" = 1)) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "p"."user_id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "p"."user_id" and vb.blocked_id = +?
  )))))
  order by "p"."id" desc
  limit +?
)
select
  "page"."id",
  exists (
    select
      1
    from comments as c
    where c.post_id = page.id and not (not exists (
      select
        1
      from blocks as vb
      where vb.blocker_id = +? and vb.blocked_id = "c"."user_id"
    ) and not exists (
      select
        1
      from blocks as vb
      where vb.blocker_id = "c"."user_id" and vb.blocked_id = +?
    ))
  ) as "hidden"
from "page"
order by "page"."id" desc;

-- feed: first page of post ids and the followees, for a viewer without blocks (posts/repo feedHeadIds)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a",21,"0190a000-0000-7000-8000-00000000000a"]
with "page" as materialized (
  select
    "p"."id"
  from (
    select
      "followee_id" as "id",
      "friend"
    from "follows"
    where "follower_id" = +? and "followee_id" not in (
      select
        "muted_id"
      from "mutes"
      where "muter_id" = +?
    ) and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "follows"."followee_id"
    )
    union all
    select
      cast(+? as text) as "id",
      1 as "friend"
    where not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = +?
    )
  ) as "a"
  inner join "posts" as "p" on "p"."user_id" = "a"."id"
  where ("p"."deleted_at" is null and ("p"."user_id" = +? or ( ("p"."audience" in ('public', 'members') or ("p"."audience" = 'friends' and "a"."friend" = 1)) and 1 = 1)))
  order by "p"."id" desc
  limit +?
)
select
  "page"."id",
  (
    select
      group_concat(f.followee_id, ',')
    from follows as f
    where f.follower_id = +?
  ) as "authors"
from "page"
order by "page"."id" desc;

-- feed: a later page of post ids (posts/repo feedPostIds)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000104",21,"0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a"]
with "page" as materialized (
  select
    "p"."id"
  from (
    select
      "followee_id" as "id",
      "friend"
    from "follows"
    where "follower_id" = +? and "followee_id" not in (
      select
        "muted_id"
      from "mutes"
      where "muter_id" = +?
    ) and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "follows"."followee_id"
    )
    union all
    select
      cast(+? as text) as "id",
      1 as "friend"
    where not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = +?
    )
  ) as "a"
  inner join "posts" as "p" on "p"."user_id" = "a"."id"
  where ("p"."deleted_at" is null and ("p"."user_id" = +? or ( ("p"."audience" in ('public', 'members') or ("p"."audience" = 'friends' and "a"."friend" = 1)) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "p"."user_id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "p"."user_id" and vb.blocked_id = +?
  ))))) and "p"."id" < +?
  order by "p"."id" desc
  limit +?
)
select
  "page"."id",
  exists (
    select
      1
    from comments as c
    where c.post_id = page.id and not (not exists (
      select
        1
      from blocks as vb
      where vb.blocker_id = +? and vb.blocked_id = "c"."user_id"
    ) and not exists (
      select
        1
      from blocks as vb
      where vb.blocker_id = "c"."user_id" and vb.blocked_id = +?
    ))
  ) as "hidden"
from "page"
order by "page"."id" desc;

-- cards: posts with authors and comment counts (posts/repo cardRowsOf)
-- parameters: ["0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101"]
select
  "p"."id",
  "p"."user_id",
  "p"."type",
  "p"."text",
  "p"."background",
  "p"."created_at",
  "p"."audience",
  "p"."edited_at",
  "u"."username" as "author_username",
  "u"."first_name" as "author_first_name",
  "u"."last_name" as "author_last_name",
  "u"."picture" as "author_picture",
  "u"."cover" as "author_cover",
  "u"."gender" as "author_gender",
  (
    select
      count(*) as "n"
    from "comments" as "c"
    where "c"."post_id" = "p"."id" and ("c"."removed_at" is null and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "c"."user_id"
    ))
  ) as "comment_count"
from "posts" as "p"
inner join "users" as "u" on "u"."id" = "p"."user_id"
where "p"."id" in (+?, +?, +?)
order by "p"."id" desc;

-- cards: images (posts/cards-repo imagesOf)
-- parameters: ["0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101"]
select
  "post_id",
  "storage_key"
from "post_images"
where "post_id" in (+?, +?, +?)
order by "post_id", "position";

-- cards: newest comments of each post (posts/cards-repo newestCommentsOf)
-- parameters: ["0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101"]
select
  "c"."id",
  "c"."post_id",
  "c"."comment",
  "c"."image",
  "c"."created_at",
  "c"."user_id",
  "u"."username",
  "u"."first_name",
  "u"."last_name",
  "u"."picture"
from (
  select
    *
  from (
    select
      "id",
      "post_id",
      "comment",
      "image",
      "created_at",
      "user_id"
    from "comments" as "cc"
    where "post_id" = +? and ("cc"."removed_at" is null and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "cc"."user_id"
    ))
    order by "id" desc
    limit 5
  ) as "newest0"
  union all
  select
    *
  from (
    select
      "id",
      "post_id",
      "comment",
      "image",
      "created_at",
      "user_id"
    from "comments" as "cc"
    where "post_id" = +? and ("cc"."removed_at" is null and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "cc"."user_id"
    ))
    order by "id" desc
    limit 5
  ) as "newest1"
  union all
  select
    *
  from (
    select
      "id",
      "post_id",
      "comment",
      "image",
      "created_at",
      "user_id"
    from "comments" as "cc"
    where "post_id" = +? and ("cc"."removed_at" is null and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "cc"."user_id"
    ))
    order by "id" desc
    limit 5
  ) as "newest2"
) as "c"
inner join "users" as "u" on "u"."id" = "c"."user_id";

-- cards: posts holding comments hidden from the viewer (posts/repo postsWithHiddenComments)
-- parameters: ["0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a"]
select
  distinct "c"."post_id"
from "comments" as "c"
where "c"."post_id" in (+?, +?, +?) and not (not exists (
  select
    1
  from blocks as vb
  where vb.blocker_id = +? and vb.blocked_id = "c"."user_id"
) and not exists (
  select
    1
  from blocks as vb
  where vb.blocker_id = "c"."user_id" and vb.blocked_id = +?
));

-- cards: the viewer's reactions and saves (posts/cards-repo cardStateOf)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101"]
select
  "post_id",
  "react",
  0 as "count",
  1 as "mine"
from "reactions"
where "user_id" = +? and "post_id" in (+?, +?, +?)
union all
select
  "post_id",
  '' as "react",
  0 as "count",
  2 as "mine"
from "saved_posts"
where "user_id" = +? and "post_id" in (+?, +?, +?)
union all
select
  "post_id",
  '' as "react",
  "notify" as "count",
  3 as "mine"
from "post_notification_settings"
where "user_id" = +? and "post_id" in (+?, +?, +?);

-- cards: the viewer's state and reaction counts (posts/cards-repo cardStateOf)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102","0190a000-0000-7000-8000-000000000101","0190a000-0000-7000-8000-000000000103","0190a000-0000-7000-8000-000000000102"]
select
  "post_id",
  "react",
  0 as "count",
  1 as "mine"
from "reactions"
where "user_id" = +? and "post_id" in (+?, +?, +?)
union all
select
  "post_id",
  '' as "react",
  0 as "count",
  2 as "mine"
from "saved_posts"
where "user_id" = +? and "post_id" in (+?, +?, +?)
union all
select
  "post_id",
  '' as "react",
  "notify" as "count",
  3 as "mine"
from "post_notification_settings"
where "user_id" = +? and "post_id" in (+?, +?, +?)
union all
select
  "post_id",
  "react",
  "count",
  0 as "mine"
from "reaction_counts"
where "post_id" in (+?, +?);

-- cards: newest live post ids, the cache warm-up (posts/repo newestLivePostIds)
-- parameters: ["0190a000-0000-7000-8000-000000000104",200]
select
  "id"
from "posts"
where ("posts"."deleted_at" is null and not exists (
  select
    1
  from suspensions as vs
  where vs.user_id = "posts"."user_id"
)) and "id" < +?
order by "id" desc
limit +?;

-- profile: the owner (users/repo findProfileOwner)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","anatest",0,"0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a"]
select
  "u"."id",
  "u"."username",
  "u"."first_name",
  "u"."last_name",
  "u"."picture",
  "u"."cover",
  "u"."gender",
  "u"."details",
  case when exists (
    select
      1
    from mutes as vm
    where vm.muter_id = +? and vm.muted_id = u.id
  ) then 1 else 0 end as "muted",
  case when "u"."friend_requests_from" = 'everyone' then 1 when exists (
    select
      1
    from friendships as rf
    where (("rf"."low_id" = "u"."id" and "rf"."high_id" = +?) or ("rf"."low_id" = +? and "rf"."high_id" = "u"."id"))
  ) then 1 when (exists (
  select
    1
  from friendships as mf
  where "mf"."low_id" = "u"."id" and mf.status = 'friends' and exists (
    select
      1
    from friendships as af
    where af.status = 'friends' and (("af"."low_id" = "mf"."high_id" and "af"."high_id" = +?) or ("af"."low_id" = +? and "af"."high_id" = "mf"."high_id"))
  )
) or exists (
  select
    1
  from friendships as mf
  where "mf"."high_id" = "u"."id" and mf.status = 'friends' and exists (
    select
      1
    from friendships as af
    where af.status = 'friends' and (("af"."low_id" = "mf"."low_id" and "af"."high_id" = +?) or ("af"."low_id" = +? and "af"."high_id" = "mf"."low_id"))
  )
)) then 1 else 0 end as "accepts_requests",
  case when "u"."id" = +? or "u"."friends_list_visible_to" = 'public' then 1 when "u"."friends_list_visible_to" = 'friends' and exists (
    select
      1
    from friendships as af
    where af.status = 'friends' and (("af"."low_id" = "u"."id" and "af"."high_id" = +?) or ("af"."low_id" = +? and "af"."high_id" = "u"."id"))
  ) then 1 else 0 end as "friends_shown"
from "users" as "u"
where "u"."username" = +? and "u"."pending" = +? and (not exists (
  select
    1
  from suspensions as vs
  where vs.user_id = "u"."id"
) and (not exists (
  select
    1
  from blocks as vb
  where vb.blocker_id = +? and vb.blocked_id = "u"."id"
) and not exists (
  select
    1
  from blocks as vb
  where vb.blocker_id = "u"."id" and vb.blocked_id = +?
)));

-- profile: the friends shown (users/repo relatedMembers)
-- parameters: ["0190a000-0000-7000-8000-00000000000b","friends","0190a000-0000-7000-8000-00000000000b","friends","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a",9]
select
  "u"."id",
  "u"."username",
  "u"."picture",
  "u"."first_name",
  "u"."last_name",
  "f"."requester_id",
  "f"."status",
  "f"."updated_at"
from (
  select
    *
  from (
    select
      "high_id" as "other_id",
      "requester_id",
      "status",
      "updated_at"
    from "friendships"
    where "low_id" = +? and "status" = +?
    union all
    select
      "low_id" as "other_id",
      "requester_id",
      "status",
      "updated_at"
    from "friendships"
    where "high_id" = +? and "status" = +?
  ) as "r"
  where (not exists (
    select
      1
    from suspensions as vs
    where vs.user_id = "r"."other_id"
  ) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "r"."other_id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "r"."other_id" and vb.blocked_id = +?
  )))
  order by "r"."updated_at" desc, "r"."other_id"
  limit +?
) as "f"
inner join "users" as "u" on "u"."id" = "f"."other_id"
order by "f"."updated_at" desc, "u"."id";

-- profile: the number of friends (users/repo countFriends)
-- parameters: ["0190a000-0000-7000-8000-00000000000b","friends","0190a000-0000-7000-8000-00000000000b","friends"]
select
  count(*) as "count"
from (
  select
    "high_id" as "other_id",
    "requester_id",
    "status",
    "updated_at"
  from "friendships"
  where "low_id" = +? and "status" = +?
  union all
  select
    "low_id" as "other_id",
    "requester_id",
    "status",
    "updated_at"
  from "friendships"
  where "high_id" = +? and "status" = +?
) as "r"
where not exists (
  select
    1
  from suspensions as vs
  where vs.user_id = "r"."other_id"
);

-- profile: the viewer's relation (users/friendships-repo findPair)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000b"]
select
  *
from "friendships"
where "low_id" = +? and "high_id" = +?;

-- profile: whether the viewer follows (users/friendships-repo isFollowing)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000b"]
select
  "follower_id"
from "follows"
where "follower_id" = +? and "followee_id" = +?;

-- profile: a page of the owner's posts (posts/repo authorPage)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000b","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-000000000104",21]
select
  "p"."id",
  "p"."user_id",
  "p"."type",
  "p"."text",
  "p"."background",
  "p"."created_at",
  "p"."audience",
  "p"."edited_at",
  "u"."username" as "author_username",
  "u"."first_name" as "author_first_name",
  "u"."last_name" as "author_last_name",
  "u"."picture" as "author_picture",
  "u"."cover" as "author_cover",
  "u"."gender" as "author_gender",
  (
    select
      count(*) as "n"
    from "comments" as "c"
    where "c"."post_id" = "p"."id" and ("c"."removed_at" is null and not exists (
      select
        1
      from suspensions as vs
      where vs.user_id = "c"."user_id"
    )) and (not exists (
      select
        1
      from blocks as vb
      where vb.blocker_id = +? and vb.blocked_id = "c"."user_id"
    ) and not exists (
      select
        1
      from blocks as vb
      where vb.blocker_id = "c"."user_id" and vb.blocked_id = +?
    ))
  ) as "comment_count"
from "posts" as "p"
inner join "users" as "u" on "u"."id" = "p"."user_id"
where "p"."id" in (
  select
    "p"."id"
  from "posts" as "p"
  where "p"."user_id" = +? and (("p"."deleted_at" is null and not exists (
    select
      1
    from suspensions as vs
    where vs.user_id = "p"."user_id"
  )) and ("p"."user_id" = +? or ( ("p"."audience" in ('public', 'members') or ("p"."audience" = 'friends' and exists (
    select
      1
    from friendships as vf
    where vf.status = 'friends' and ((vf.low_id = "p"."user_id" and vf.high_id = +?) or (vf.low_id = +? and vf.high_id = "p"."user_id"))
  ))) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "p"."user_id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "p"."user_id" and vb.blocked_id = +?
  ))))) and "p"."id" < +?
  order by "p"."id" desc
  limit +?
)
order by "p"."id" desc;

-- search: members by a one-word prefix (search/repo findPrefixMatches)
-- parameters: ["ana","anb",1,"0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a",20,"ana","anb",1,"0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a",20,"ana","anb",1,"0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a",20]
select
  *
from (
  select
    "users"."id",
    "users"."username",
    "users"."picture",
    "users"."first_name",
    "users"."last_name",
    "users"."search_first",
    "users"."search_last",
    "users"."search_full"
  from "users"
  where ("users"."search_first" >= +? and "users"."search_first" < +?) and "users"."pending" <> +? and (not exists (
    select
      1
    from suspensions as vs
    where vs.user_id = "users"."id"
  ) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "users"."id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "users"."id" and vb.blocked_id = +?
  )))
  order by "users"."search_first", "users"."username"
  limit +?
) as "by_0"
union all
select
  *
from (
  select
    "users"."id",
    "users"."username",
    "users"."picture",
    "users"."first_name",
    "users"."last_name",
    "users"."search_first",
    "users"."search_last",
    "users"."search_full"
  from "users"
  where ("users"."search_last" >= +? and "users"."search_last" < +?) and "users"."pending" <> +? and (not exists (
    select
      1
    from suspensions as vs
    where vs.user_id = "users"."id"
  ) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "users"."id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "users"."id" and vb.blocked_id = +?
  )))
  order by "users"."search_last", "users"."username"
  limit +?
) as "by_1"
union all
select
  *
from (
  select
    "users"."id",
    "users"."username",
    "users"."picture",
    "users"."first_name",
    "users"."last_name",
    "users"."search_first",
    "users"."search_last",
    "users"."search_full"
  from "users"
  where ("users"."username" >= +? and "users"."username" < +?) and "users"."pending" <> +? and (not exists (
    select
      1
    from suspensions as vs
    where vs.user_id = "users"."id"
  ) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "users"."id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "users"."id" and vb.blocked_id = +?
  )))
  order by "users"."username"
  limit +?
) as "by_2";

-- search: members by a "first last" prefix (search/repo findPrefixMatches)
-- parameters: ["ana be","ana bf",1,"0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a",20]
select
  *
from (
  select
    "users"."id",
    "users"."username",
    "users"."picture",
    "users"."first_name",
    "users"."last_name",
    "users"."search_first",
    "users"."search_last",
    "users"."search_full"
  from "users"
  where ("users"."search_full" >= +? and "users"."search_full" < +?) and "users"."pending" <> +? and (not exists (
    select
      1
    from suspensions as vs
    where vs.user_id = "users"."id"
  ) and (not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = +? and vb.blocked_id = "users"."id"
  ) and not exists (
    select
      1
    from blocks as vb
    where vb.blocker_id = "users"."id" and vb.blocked_id = +?
  )))
  order by "users"."search_full", "users"."username"
  limit +?
) as "by_0";

-- search: the searcher's friends by prefix (search/repo findFriendMatches)
-- parameters: ["0190a000-0000-7000-8000-00000000000a","friends","0190a000-0000-7000-8000-00000000000a","friends","ana","anb","ana","anb","ana","anb","0190a000-0000-7000-8000-00000000000a","0190a000-0000-7000-8000-00000000000a"]
select
  "users"."id",
  "users"."username",
  "users"."picture",
  "users"."first_name",
  "users"."last_name",
  "users"."search_first",
  "users"."search_last",
  "users"."search_full"
from (
  select
    "high_id" as "friend_id"
  from "friendships"
  where "low_id" = +? and "status" = +?
  union all
  select
    "low_id" as "friend_id"
  from "friendships"
  where "high_id" = +? and "status" = +?
) as "f"
inner join "users" on "users"."id" = "f"."friend_id"
where (("users"."search_first" >= +? and "users"."search_first" < +?) or ("users"."search_last" >= +? and "users"."search_last" < +?) or ("users"."username" >= +? and "users"."username" < +?)) and (not exists (
  select
    1
  from suspensions as vs
  where vs.user_id = "users"."id"
) and (not exists (
  select
    1
  from blocks as vb
  where vb.blocker_id = +? and vb.blocked_id = "users"."id"
) and not exists (
  select
    1
  from blocks as vb
  where vb.blocker_id = "users"."id" and vb.blocked_id = +?
)));
