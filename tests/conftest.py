"""Markers for the parts of the suite a developer may want to leave out while working.

* ``browser``: drives Debian's Chromium through Playwright (everything under ``tests/web``);
* ``postgres``: needs a PostgreSQL server (the PostgreSQL half of the server tests, and tests
  that start their own cluster);
* ``slow``: takes more than a few seconds (whole-game sweeps, load and soak runs, servers started
  and killed), listed in :data:`SLOW_MODULES` (every test of a module) and :data:`SLOW_TESTS`
  (one test, every parametrization); ``tests/test_markers.py`` checks that each still exists.

``python -m pytest -n 2 -m "not slow and not browser and not postgres"`` is the fast part (about
a minute on two quiet cores); ``scripts/check`` runs everything.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

#: What the suite's expectations assume of the environment: English, and a terminal no one sized.
#: A developer's own settings (a German locale, a wide terminal's ``COLUMNS``, a server setting
#: such as ``FRUITBOWL_RATE_LIMITS``) must not change what the tests see; the suite's own
#: settings (``FRUITBOWL_TEST_PG``, ``FRUITBOWL_SCREENSHOTS``) are kept.
CLEARED = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "COLUMNS", "LINES")
KEPT = ("FRUITBOWL_TEST_", "FRUITBOWL_SCREENSHOTS")


def neutral_environment(environ: os._Environ[str] | dict[str, str]) -> None:
    """Clear what would make the suite read another language, size or server setting."""
    for name in [*CLEARED, *(n for n in environ if n.startswith("FRUITBOWL_") and not n.startswith(KEPT))]:
        environ.pop(name, None)
    environ["LANG"] = "C.UTF-8"


neutral_environment(os.environ)  # (at import: before any test module, and in each xdist worker)

#: Test modules whose tests take several seconds each (``--durations`` on 2 December 2026).
SLOW_MODULES = frozenset(
    {
        "bots/test_greedy.py",
        "bots/test_ismcts.py",
        "cli/test_campaign.py",
        "cli/test_citrus_terminal.py",
        "cli/test_fabledfruit_board.py",
        "cli/test_interrupt.py",
        "cli/test_terminal_games.py",
        "example_game/test_windfall.py",
        "games/citrus/test_conformance.py",
        "games/fabledfruit/test_conformance.py",
        "games/juicyfruits/test_conformance.py",
        "games/juicyfruits/test_modules.py",
        "games/tanghulu/test_conformance.py",
        "reliability/test_soak.py",
        "rl/test_openspiel.py",
        "server/test_arena.py",
        "server/test_light_table.py",
        "server/test_ratings.py",
        "server/test_scaleout.py",
        "sim/test_ray.py",
    }
)

#: Single tests that take several seconds where their modules' other tests are quick (the tests
#: that took 3 s or more in ``--durations=0`` of the fast part on 3 December 2026, under load).
SLOW_TESTS = frozenset(
    {
        "test_markers.py::test_browser_selects_exactly_the_browser_tests",
        "test_markers.py::test_postgres_selects_the_postgresql_half_of_the_server_tests",
        "test_markers.py::test_slow_selects_the_listed_modules_only",
        "cli/test_conventions.py::test_help_shows_plain_value_names",
        "cli/test_internal_errors.py::test_the_console_script_prints_one_line_and_no_traceback",
        "cli/test_listing_and_numbers.py::test_bench_script",
        "cli/test_play.py::test_hint_recommends_a_legal_move_with_a_win_chance",
        "cli/test_sigterm.py::test_kill_stops_a_tournament_with_worker_processes",
        "cli/test_tournament.py::test_analyze_a_stored_tournament_writes_html_and_json",
        "cli/test_type_ahead.py::test_piped_input_is_played_as_typed",
        "engine/test_conformance_kit.py::test_the_correct_toy_passes_every_player_count_and_option_set",
        "games/citrus/test_exact_buildability.py::test_lines_on_crowded_hand_built_positions_are_offered_exactly_when_the_brute_force_builds_them",
        "games/citrus/test_exact_buildability.py::test_placements_on_crowded_positions_are_offered_exactly_when_the_rest_stays_buildable",
        "games/citrus/test_fast_path.py::test_legal_actions_equal_the_plain_reference_in_random_games",
        "games/citrus/test_legacy_records.py::test_fruitbowl_resume_plays_a_rules_1_save_to_the_end",
        "games/citrus/test_observation.py::test_the_encoder_matches_the_view_encoding",
        "games/citrus/test_pickup_search.py::test_lines_with_a_placeless_type_are_offered_exactly_when_the_brute_force_builds_them",
        "games/citrus/test_rulebook_random_games.py::test_final_scores_add_up_from_what_the_players_saw",
        "games/citrus/test_views_typed.py::test_every_view_fits_the_declared_type_from_the_first_move_to_the_end",
        "games/fabledfruit/test_game_length.py::test_random_and_greedy_games_end_within_max_actions_and_their_turns_within_the_longest_turn",
        "games/fabledfruit/test_observation.py::test_the_encoder_matches_the_views_encoding",
        "games/juicyfruits/test_game_length.py::test_random_and_greedy_games_end_within_max_actions_and_their_turns_within_the_longest_turn",
        "games/juicyfruits/test_module_invariants.py::test_module_invariants_in_random_games",
        "games/juicyfruits/test_observation.py::test_rare_decisions_and_the_end_match_the_view_encoding",
        "games/juicyfruits/test_observation.py::test_the_encoder_matches_the_view_encoding",
        "games/juicyfruits/test_observation.py::test_the_encoder_matches_the_view_encoding_densely_in_module_games",
        "games/juicyfruits/test_terminal_board_size.py::test_whole_games_fit_80_by_22",
        "rl/test_observations_every_step.py::test_openspiel_tensors_are_the_view_of_every_seat_at_every_step",
        "rl/test_observations_every_step.py::test_pettingzoo_observes_the_view_of_every_seat_at_every_step",
        "rl/test_pettingzoo.py::test_pettingzoo_suites",
        "server/test_api.py::test_finished_game_record_replay_and_rematch",
        "server/test_api.py::test_hint_on_your_turn_only",
        "server/test_campaigns.py::test_a_campaign_continues_game_after_game",
        "server/test_campaigns.py::test_a_lime_campaign_is_created_and_played_at_a_table",
        "server/test_campaigns.py::test_one_server_on_sqlite_starts_one_table_per_campaign",
        "server/test_chat.py::test_players_chat_both_ways_and_everyone_at_the_table_reads_it",
        "server/test_chat.py::test_the_chat_survives_a_restart",
        "server/test_chat.py::test_the_table_keeps_its_latest_500_messages_and_a_snapshot_the_latest_50",
        "server/test_faults.py::test_sigkill_during_load_loses_and_duplicates_nothing",
        "server/test_frozen_clients.py::test_a_client_that_never_reads_does_not_stop_the_table",
        "server/test_frozen_clients.py::test_bots_play_at_their_pace_beside_frozen_and_flooding_clients",
        "server/test_hostile.py::test_each_seat_and_spectator_gets_exactly_its_own_view",
        "server/test_legacy_records.py::test_a_citrus_rules_1_table_survives_the_upgrade_and_its_player_moves_on",
        "server/test_legacy_records.py::test_a_rules_1_table_survives_the_upgrade_and_its_player_moves_on",
        "server/test_limits.py::test_a_trusted_proxy_names_the_client",
        "server/test_limits.py::test_big_reads_do_not_block_other_requests",
        "server/test_limits.py::test_concurrent_reviews_and_hints_are_computed_once_off_the_loop",
        "server/test_limits.py::test_guessed_tokens_are_cut_off_without_locking_out_players",
        "server/test_load.py::test_a_small_load_run_keeps_every_move",
        "server/test_names.py::test_names_and_their_log_survive_a_restart",
        "server/test_privacy.py::test_a_private_table_is_unlisted_and_only_its_seats_read_it",
        "server/test_privacy.py::test_every_payload_holds_only_what_its_viewer_may_know",
        "server/test_restart.py::test_kill_9_mid_game_loses_nothing",
        "server/test_security_headers.py::test_an_allowed_origin_that_is_not_a_site_is_refused_in_one_sentence",
        "server/test_security_headers.py::test_pages_and_answers_carry_the_security_headers",
        "server/test_security_headers.py::test_seat_tokens_travel_in_a_header_or_subprotocol",
        "server/test_security_headers.py::test_websockets_from_foreign_origins_are_refused",
        "server/test_slow_clients.py::test_a_body_sent_a_byte_a_second_is_refused_with_408",
        "server/test_slow_clients.py::test_headers_sent_a_byte_a_second_are_cut_off",
        "server/test_tutorials.py::test_a_database_of_an_earlier_version_lets_tutorials_share_their_seed",
        "server/test_tutorials.py::test_unknown_games_and_modules_are_refused_in_a_sentence",
        "server/test_typed_refusals.py::test_a_server_that_cannot_start_says_why_in_one_line",
        "server/test_typed_refusals.py::test_campaign_requests_a_server_cannot_act_on_are_refused_with_their_type_s_status",
        "sim/test_analyze.py::test_report_is_self_contained",
    }
)

#: Fixtures that need a PostgreSQL server.
POSTGRES_FIXTURES = frozenset({"pg_server", "pg_private"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).resolve()
        if not path.is_relative_to(HERE):
            continue  # (the README's and docs' examples, collected as doctests)
        relative = path.relative_to(HERE).as_posix()
        if relative.startswith("web/"):
            item.add_marker(pytest.mark.browser)
        name = getattr(item, "originalname", item.name)
        if relative in SLOW_MODULES or f"{relative}::{name}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("db_url") == "postgresql"
        if on_postgres or POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
