// A worker of benchmarks/peers.py for jass-kit-cpp (github.com/thomas-koller/jass-kit-cpp),
// compiled against a checkout of it by `peers.py --jass-kit-cpp DIR` (atout ships none of
// its code). It answers the harness's lines "ENGINE DEALS SEED" with the JSON of one
// measurement: DEALS random Schieber deals through jass-kit-cpp's engine loop, natively:
// deal_random_hand, init_from_cards, a random trump or push (then a random trump), then
// for the 36 cards get_valid_cards and perform_action_play_card, each choice uniform over
// the legal ones.
//
// ENGINE "jass-kit-cpp" is the lean loop its API allows: one GameSim for the whole run
// (init_from_cards resets it for each deal) and the k-th valid card read from the
// returned CardSet, nothing allocated per card. ENGINE "jass-kit-cpp-sim-per-deal" is
// the loop measured before: a GameSim built for each deal (its state
// holds a std::vector, so each costs an allocation) and card_set_to_list per card.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include "jass/game/GameSim.hpp"
#include "jass/game/GameUtils.hpp"
#include "jass/game/RuleSchieber.hpp"
#include "jass/game/const.hpp"

using namespace jass;

static double now(bool wall) {
    if (wall) {
        return std::chrono::duration<double>(
            std::chrono::steady_clock::now().time_since_epoch()).count();
    }
    return double(std::clock()) / CLOCKS_PER_SEC;
}

int main() {
    const char* clock_env = std::getenv("ATOUT_BENCH_CLOCK");
    bool wall = clock_env != nullptr && std::strcmp(clock_env, "wall") == 0;
    auto rule = std::make_shared<RuleSchieber>();
    GameUtils utils;
    std::string name;
    while (std::cin >> name) {
        if (name == "versions") {
            std::printf("{\"jass-kit-cpp\": \"native\"}\n");
            std::fflush(stdout);
            continue;
        }
        long deals = 0, seed = 0;
        std::cin >> deals >> seed;
        std::mt19937 rng((unsigned)seed);
        long points = 0;
        bool lean = name == "jass-kit-cpp";
        if (!lean && name != "jass-kit-cpp-sim-per-deal") {
            std::printf("{\"engine\": \"%s\", \"error\": \"unknown engine\"}\n",
                        name.c_str());
            std::fflush(stdout);
            continue;
        }
        // deal, then a random trump or a push and a random trump
        auto start_deal = [&](GameSim& sim, long i) {
            sim.init_from_cards(utils.deal_random_hand(), (int)(i % 4));
            int t = std::uniform_int_distribution<int>{0, 6}(rng);
            if (t == 6) {
                sim.perform_action_trump(PUSH);
                t = std::uniform_int_distribution<int>{0, 5}(rng);
            }
            sim.perform_action_trump(t);
        };
        double start = now(wall);
        if (lean) {
            GameSim sim(rule);
            for (long i = 0; i < deals; ++i) {
                start_deal(sim, i);
                while (!sim.is_done()) {
                    CardSet valid = sim.get_valid_cards();
                    int k = std::uniform_int_distribution<int>{0, valid.sum() - 1}(rng);
                    int card = 0;
                    for (;; ++card) {
                        if (valid[card] && k-- == 0) break;
                    }
                    sim.perform_action_play_card(card);
                }
                points += sim.state.points[0];
            }
        } else {
            for (long i = 0; i < deals; ++i) {
                GameSim sim(rule);
                start_deal(sim, i);
                while (!sim.is_done()) {
                    CardList list = card_set_to_list(sim.get_valid_cards());
                    int k = std::uniform_int_distribution<int>{0, (int)list.size() - 1}(rng);
                    sim.perform_action_play_card(list[k]);
                }
                points += sim.state.points[0];
            }
        }
        double seconds = now(wall) - start;
        std::printf(
            "{\"engine\": \"%s\", \"deals\": %ld, \"seconds\": %.9f, \"cards\": %ld, "
            "\"decisions\": %ld, \"check\": %ld}\n",
            name.c_str(), deals, seconds, 36 * deals, 37 * deals, points);
        std::fflush(stdout);
    }
    return 0;
}
