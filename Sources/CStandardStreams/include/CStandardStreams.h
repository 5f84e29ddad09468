#ifndef C_STANDARD_STREAMS_H
#define C_STANDARD_STREAMS_H

/// The standard streams (bit 0 for descriptor 0, and so on) that were closed when the process started and now hold
/// /dev/null in their place, so that no file, pipe or event descriptor opened later takes their number.
int contract_streams_closed_at_start(void);

#endif
