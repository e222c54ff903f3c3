// The app's messages count with core/counted.hpp's `counted` ("1 class", "2 classes"), found from
// futolab::app as futolab::counted: one helper for app/ and experiments/.
#pragma once

#include "core/counted.hpp"
