// A seam for tests of task few-relations (tasks/few_relations.cpp): a function called on the
// run's thread once a shard is counted and before its checkpoint file is written, with that
// file's path, while the run holds the file's lock. A test removes or replaces the lock there,
// at that moment exactly (no sleep racing a count); no command sets one.
#pragma once

#include <functional>
#include <string>

namespace futolab::tasks {

using CountedShardHook = std::function<void(const std::string& shard_file)>;

// Sets the hook ({}: none, the default) and returns the one before. Set before a run starts:
// the runs read it unguarded.
CountedShardHook set_counted_shard_hook(CountedShardHook hook);

}  // namespace futolab::tasks
