# The mask of tools/scripts/corpus (sed -E): what differs from run to run
# of the same build becomes a fixed token, nothing else. Each rule says
# what it masks.
