"""Flow 4: two phones. The view link watches live; the edit link records too."""

from playwright.sync_api import expect

from scorekeeper.models import Deal

LIVE = 3_000  # ms: a deal recorded on one phone shows on the other within this, unreloaded


def test_a_view_link_watches_live_and_an_edit_link_records(phone, another_phone):
    owner = phone.page
    pk = phone.start_match(dealer="First player deals")
    phone.tap_to_next_page(phone.link("Invite a second phone, or a friend watching"))
    for kind in ("view", "edit"):
        phone.tap_to_next_page(
            owner.locator(f"#share-{kind}").get_by_role("button", name="Create the link")
        )
    view_url = owner.locator("#url-view").inner_text()
    edit_url = owner.locator("#url-edit").inner_text()
    expect(owner.locator("#share-view .qr-box svg")).to_be_visible()
    phone.audit("flow4-01-share")
    phone.tap_to_next_page(owner.get_by_role("link", name="← Alice – Bob"))

    # The watcher opens the view link: the scoreboard, with nothing to record with.
    watcher = another_phone()
    watcher.page.goto(view_url)
    watcher.check_layout()
    expect(watcher.page.locator("#deal-heading")).to_contain_text("Deal 1 · Alice deals")
    expect(watcher.page.get_by_role("link", name="Alice knocked")).to_have_count(0)
    expect(watcher.page.locator("#id_upcard_AS")).to_have_count(0)

    # The owner taps the upcard and records a quick deal; the watcher sees both, unreloaded.
    phone.set_upcard("8C")
    expect(watcher.page.locator(".limit .num")).to_have_text("8", timeout=LIVE)
    owner.locator("#quick > summary").tap()
    owner.locator("#quick label", has_text="Alice").tap()
    owner.get_by_label("Knocker's deadwood").fill("3")
    owner.get_by_label("Opponent's deadwood after layoffs").fill("30")
    phone.tap_to_next_page(owner.locator("#quick").get_by_role("button", name="Record"))
    phone.recorded("Deal 1: Alice +27")
    expect(watcher.page.locator(".score .pts")).to_have_text(["27", "0"], timeout=LIVE)
    expect(watcher.page.locator(".deals li")).to_have_count(1, timeout=LIVE)
    watcher.look("flow4-02-watcher")

    # The view link cannot record, even by posting the form itself.
    csrf = next(c["value"] for c in watcher.page.context.cookies() if c["name"] == "csrftoken")
    refused = watcher.page.request.post(
        f"{watcher.base_url}/matches/{pk}/draw/",
        form={"number": "2"},
        headers={"X-CSRFToken": csrf, "Referer": watcher.page.url},
        max_redirects=0,
    )
    assert refused.status == 403
    assert not Deal.objects.filter(match_id=pk, number=2).exists()

    # The edit link can: a third phone records deal 2 as a draw; both other boards follow.
    editor = another_phone()
    editor.page.goto(edit_url)
    editor.check_layout()
    expect(editor.page.get_by_role("link", name="Bob knocked")).to_be_visible()
    expect(editor.link("Invite a second phone, or a friend watching")).to_have_count(0)
    editor.tap_to_next_page(editor.button("Draw (stock down to 2)"))
    expect(editor.page.get_by_text("Deal 2 was a draw.")).to_be_visible()
    expect(owner.locator(".deals li")).to_have_count(2, timeout=LIVE)
    expect(watcher.page.locator(".deals li")).to_have_count(2, timeout=LIVE)
    expect(watcher.page.locator("#deal-heading")).to_contain_text("Deal 3 · Alice deals")
    watcher.look("flow4-03-watcher-after-draw")

    # The owner's unreloaded board follows too; its Draw, opened for deal 2, records nothing
    # but shows deal 2 as the editor recorded it. "Discard mine", and deal 3 is a draw.
    expect(owner.locator("#deal-heading")).to_contain_text("Deal 3 · Alice deals", timeout=LIVE)
    expect(owner.locator("#draw-number")).to_have_value("2")
    phone.tap_to_next_page(phone.button("Draw (stock down to 2)"))
    expect(owner.locator("#other-phone")).to_contain_text("Deal 2 was already recorded")
    assert Deal.objects.filter(match_id=pk, status="recorded").count() == 2
    phone.tap_to_next_page(owner.locator("#other-phone").get_by_role("link", name="Discard mine"))
    phone.tap_to_next_page(phone.button("Draw (stock down to 2)"))
    expect(owner.get_by_text("Deal 3 was a draw.")).to_be_visible()
    assert Deal.objects.filter(match_id=pk, status="recorded").count() == 3
